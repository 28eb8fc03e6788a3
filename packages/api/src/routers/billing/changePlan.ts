import { planDetailsSchema } from "@parley/schemas/management/billing";
import { idSchema } from "@parley/schemas/management/common";
import { planSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { ensureInvoices } from "../../billing/ensureInvoices";
import { readWriteErrors } from "../errorLists";
import { toPlanDetails } from "./toPlanDetails";

export const changePlan = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/billing/plan",
      tags: ["Billing"],
      summary: "Change the workspace's plan",
      description:
        "ADMIN only. Records the plan in the ledger (no payment is taken): closed periods are invoiced first at the old plan, the current period is invoiced at the plan in effect when it closes. `chatsHardLimit` overrides the plan's default hard limit (null restores it).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      workspaceId: idSchema,
      plan: planSchema,
      chatsHardLimit: z.number().int().min(0).max(100_000_000).nullable().optional(),
    }),
  )
  .output(z.object({ plan: planDetailsSchema }))
  .mutation(async ({ ctx, input }) => {
    const current = await ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: ctx.access.workspaceId },
      select: { id: true, createdAt: true, plan: true },
    });
    await ensureInvoices(ctx.prisma, current);
    const workspace = await ctx.prisma.workspace.update({
      where: { id: current.id },
      data: {
        plan: input.plan,
        ...(input.chatsHardLimit !== undefined ? { chatsHardLimit: input.chatsHardLimit } : {}),
      },
      select: { plan: true, chatsHardLimit: true, createdAt: true },
    });
    return { plan: toPlanDetails(workspace) };
  });
