import { invoiceSchema } from "@parley/schemas/management/billing";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { ensureInvoices } from "../../billing/ensureInvoices";
import { readWriteErrors } from "../errorLists";
import { getInvoiceUrl } from "./invoiceUrl";

export const listInvoices = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "GET",
      path: "/billing/invoices",
      tags: ["Billing"],
      summary: "List invoices",
      description:
        "The workspace's billing history, newest first: one invoice per closed monthly period (plan price plus chats beyond the included ones). `url` opens the invoice page. ADMIN only.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ invoices: z.array(invoiceSchema) }))
  .query(async ({ ctx }) => {
    const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: ctx.access.workspaceId },
      select: { id: true, createdAt: true, plan: true },
    });
    await ensureInvoices(ctx.prisma, workspace);
    const invoices = await ctx.prisma.invoice.findMany({
      where: { workspaceId: workspace.id },
      orderBy: { periodStart: "desc" },
      select: { id: true, amount: true, currency: true, periodEnd: true },
    });
    return {
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        url: getInvoiceUrl(invoice.id),
        amount: invoice.amount / 100,
        currency: invoice.currency,
        date: invoice.periodEnd.getTime(),
      })),
    };
  });
