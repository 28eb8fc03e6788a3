import { planDetailsSchema } from "@parley/schemas/management/billing";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toPlanDetails } from "./toPlanDetails";

export const getPlan = workspaceProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/billing/plan",
      tags: ["Billing"],
      summary: "Get the workspace's plan",
      description: "The plan, its price and limits, and the current period.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ plan: planDetailsSchema }))
  .query(async ({ ctx }) => {
    const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: ctx.access.workspaceId },
      select: { plan: true, chatsHardLimit: true, createdAt: true },
    });
    return { plan: toPlanDetails(workspace) };
  });
