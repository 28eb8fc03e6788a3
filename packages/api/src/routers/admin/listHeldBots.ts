import { heldBotSchema } from "@parley/schemas/management/admin";
import { z } from "zod";
import { operatorProcedure } from "../../access/procedures";
import { listHeldBots as readHeldBots } from "../../admin/operatorWorkspaces";
import { errorResponses } from "../../trpc";

export const listHeldBots = operatorProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/admin/heldBots",
      tags: ["Instance administration"],
      summary: "List the bots held for review (operators)",
      description:
        "Instance operators only. Published bots whose riskLevel reached `PUBLISH_RISK_THRESHOLD` in unverified workspaces: they answer as closed until their risk is cleared or the workspace verified.",
      protect: true,
      errorResponses: errorResponses("UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(z.void())
  .output(z.object({ bots: z.array(heldBotSchema) }))
  .query(async ({ ctx }) => ({ bots: await readHeldBots(ctx.prisma) }));
