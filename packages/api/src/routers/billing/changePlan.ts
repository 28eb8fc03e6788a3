import { loadWorkspaceAccess } from "@parley/platform/access/loadAccess";
import { isInstanceOperator, operatorOnly } from "@parley/platform/admin/instanceSettings";
import { planDetailsSchema } from "@parley/schemas/management/billing";
import { idSchema } from "@parley/schemas/management/common";
import { chatsHardLimitInputSchema, planSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";
import { setWorkspacePlan } from "../../workspaces/setWorkspacePlan";
import { readWriteErrors } from "../errorLists";
import { toPlanDetails } from "./toPlanDetails";

export const changePlan = authenticatedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/billing/plan",
      tags: ["Billing"],
      summary: "Change the workspace's plan",
      description:
        "Instance operators only (`ADMIN_EMAILS`): anyone else, a workspace ADMIN included, is FORBIDDEN (issue `OPERATOR_ONLY`) and nothing changes. Records the plan in the ledger (no payment is taken): closed periods are invoiced first at the old plan. `chatsHardLimit` overrides the plan's default hard limit (null restores it).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({ workspaceId: idSchema, plan: planSchema, chatsHardLimit: chatsHardLimitInputSchema }),
  )
  .output(z.object({ plan: planDetailsSchema }))
  .mutation(async ({ ctx, input }) => {
    if (!isInstanceOperator(ctx.user)) {
      // A member learns the rule; anyone else gets the answer every workspace endpoint gives them.
      await loadWorkspaceAccess(ctx.prisma, ctx.user.id, input.workspaceId, "read");
      throw operatorOnly("change a workspace's plan or chatsHardLimit");
    }
    const workspace = await setWorkspacePlan(ctx.prisma, input.workspaceId, input, auditRequestOf(ctx));
    return { plan: toPlanDetails(workspace) };
  });
