import { AiProviderError } from "@parley/integrations/ai/aiTypes";
import { createAiProvider } from "@parley/integrations/ai/createAiProvider";
import { resolveAiEndpoint } from "@parley/integrations/ai/resolveAiEndpoint";
import { AppError } from "@parley/platform/errors";
import { aiBlockTypes, getAiBlockDefinition } from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";

const MODELS_TIMEOUT_MS = 10_000;

/**
 * The models a provider offers, for the model dropdown of AI blocks (builder only, no REST path).
 * The request goes to the credentials' base URL through the outbound rules.
 */
export const listAiModels = workspaceProcedure("write")
  .input(
    z.object({
      blockType: z.enum(aiBlockTypes),
      credentialsId: idSchema.optional(),
      /** OpenAI-compatible block without credentials: its own base URL. */
      baseUrl: textSchema.trim().max(2048).optional(),
    }),
  )
  .output(z.object({ models: z.array(textSchema) }))
  .query(async ({ ctx, input }) => {
    const definition = getAiBlockDefinition(input.blockType);
    if (!definition)
      throw new AppError("BAD_REQUEST", [
        { message: `"${input.blockType}" is not an AI block`, path: ["blockType"], code: "NOT_AI_BLOCK" },
      ]);
    const resolved = await resolveAiEndpoint(ctx.prisma, {
      workspaceId: ctx.access.workspaceId,
      definition,
      credentialsId: input.credentialsId,
      blockBaseUrl: input.baseUrl,
    });
    if (!resolved.ok)
      throw new AppError("BAD_REQUEST", [{ message: resolved.error, code: "CREDENTIALS_UNUSABLE" }]);
    try {
      const models = await createAiProvider(resolved.endpoint).listModels({ timeoutMs: MODELS_TIMEOUT_MS });
      return { models };
    } catch (error) {
      const message = error instanceof AiProviderError ? error.message : "The provider could not be reached";
      throw new AppError("BAD_REQUEST", [{ message, code: "PROVIDER_ERROR" }]);
    }
  });
