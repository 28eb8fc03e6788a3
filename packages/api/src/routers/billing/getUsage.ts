import { usageSchema } from "@parley/schemas/management/billing";
import { workspaceProcedure } from "../../access/procedures";
import { getBillingPeriod } from "../../billing/billingPeriod";
import { ensureInvoices } from "../../billing/ensureInvoices";
import { readWriteErrors } from "../errorLists";

export const getUsage = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "GET",
      path: "/billing/usage",
      tags: ["Billing"],
      summary: "Get the chats used this period",
      description:
        "`totalChatsUsed` counts the results (chats) created across the workspace's bots in the current monthly period, deleted ones included; periods start on the workspace's creation day. `resetsAt` is the start of the next period. ADMIN only.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(usageSchema)
  .query(async ({ ctx }) => {
    const now = new Date();
    const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: ctx.access.workspaceId },
      select: { id: true, createdAt: true, plan: true },
    });
    await ensureInvoices(ctx.prisma, workspace, now);
    const period = getBillingPeriod(workspace.createdAt, now);
    const totalChatsUsed = await ctx.prisma.result.count({
      where: { workspaceId: workspace.id, createdAt: { gte: period.start, lt: period.end } },
    });
    return { totalChatsUsed, resetsAt: period.end.toISOString() };
  });
