import { AppError } from "@parley/platform/errors";
import { getAnyBlockDefinition } from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { jsonValueSchema, textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { runBlockOnce } from "./runBlockOnce";

/** Kinds whose definition offers "Test" (every AI kind, Send email). */
const isTestable = (type: string) => getAnyBlockDefinition(type)?.settings?.isTestable === true;
const variableValueSchema = z.union([
  textSchema.max(100_000),
  z.array(textSchema.max(100_000).nullable()).max(1_000),
  z.null(),
]);

/**
 * The "Test" button of AI and e-mail block settings: runs the block once with sample variable
 * values (builder only, no REST path). The block is taken as edited, credentials from the bot's
 * workspace; provider and SMTP failures come back as logs.
 */
export const testBlock = botProcedure("write")
  .input(
    z.object({
      block: z.looseObject({
        id: idSchema,
        type: textSchema,
        options: z.record(textSchema, jsonValueSchema).nullable().optional(),
      }),
      variables: z
        .array(z.object({ id: idSchema, name: textSchema.max(200), value: variableValueSchema }))
        .max(500)
        .default([]),
    }),
  )
  .output(
    z.object({
      variables: z.array(z.object({ id: textSchema, value: variableValueSchema })),
      logs: z.array(
        z.object({
          status: z.enum(["success", "error", "info"]),
          description: textSchema,
          details: textSchema.optional(),
          context: textSchema.optional(),
        }),
      ),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    if (!isTestable(input.block.type))
      throw new AppError("BAD_REQUEST", [
        {
          message: `Blocks of type "${input.block.type}" cannot be tested here`,
          path: ["block", "type"],
          code: "NOT_TESTABLE",
        },
      ]);
    return runBlockOnce(ctx.prisma, {
      workspaceId: ctx.access.workspaceId,
      botId: input.botId,
      block: input.block,
      variables: input.variables,
    });
  });
