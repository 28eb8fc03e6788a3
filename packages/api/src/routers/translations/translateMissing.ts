import { AiProviderError } from "@parley/integrations/ai/aiTypes";
import { createAiProvider } from "@parley/integrations/ai/createAiProvider";
import { resolveAiEndpoint } from "@parley/integrations/ai/resolveAiEndpoint";
import { AppError, badRequest } from "@parley/platform/errors";
import {
  getAiBlockDefinition,
  getTextStatus,
  languageTagSchema,
  listBotLanguages,
  listTranslatableTexts,
  type TranslatableText,
  type Translation,
  toEditableText,
  toTranslationValue,
} from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readStoredDraft } from "../../translations/readStoredDraft";
import { updateBotTranslations } from "../../translations/updateBotTranslations";
import { readWriteErrors } from "../errorLists";

/** Texts translated per call; the answer says how many are left for the next one. */
export const MAX_MACHINE_DRAFTS_PER_CALL = 100;
/** Requests to the provider at once. */
const CONCURRENCY = 4;
const COMPLETION_TIMEOUT_MS = 60_000;

const failureSchema = z.object({ key: textSchema, message: textSchema });

function instructionsFor(from: string, to: string): string {
  return [
    `You translate the texts of a chatbot from the language tagged ${from} into the language tagged ${to}.`,
    "Answer with the translation only: no quotes, no explanation.",
    "Keep every tag such as <1>, </1> around the words it marks, and every {{variable}} exactly as written.",
  ].join(" ");
}

/** Runs `work` over `items`, at most `limit` at a time, in order of the results. */
async function mapWithLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return results;
}

export const translateMissing = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/translations/{language}/machineDrafts",
      tags: ["Translations"],
      summary: "Machine-translate the missing texts of a language",
      description: `Drafts the missing translations into \`language\` with the workspace's AI credentials (\`credentialsId\`), stored as \`machineDraft\` until reviewed; a draft that loses formatting or a \`{{variable}}\` is listed in \`failed\`, not stored. At most ${MAX_MACHINE_DRAFTS_PER_CALL} texts per call (\`remaining\`: call again). BAD_REQUEST \`CREDENTIALS_UNUSABLE\`, \`UNKNOWN_LANGUAGE\`. Details: docs/languages.md.`,
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      botId: idSchema,
      language: languageTagSchema,
      credentialsId: idSchema,
      model: textSchema.trim().min(1).max(200).optional(),
    }),
  )
  .output(
    z.object({
      translated: z.number().int().describe("Texts stored as machine drafts"),
      failed: z.array(failureSchema).describe("Texts left missing, with the reason"),
      remaining: z.number().int().describe("Texts still missing after this call (beyond its limit)"),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { flow } = await readStoredDraft(ctx.prisma, input.botId);
    const [sourceLanguage, ...others] = listBotLanguages(flow.settings);
    if (!sourceLanguage || !others.includes(input.language))
      throw badRequest(
        `The bot has no language ${input.language} besides its default one`,
        "UNKNOWN_LANGUAGE",
        ["language"],
      );
    const credentials = await ctx.prisma.credentials.findFirst({
      where: { id: input.credentialsId, workspaceId: ctx.access.workspaceId },
      select: { type: true },
    });
    const definition = credentials ? getAiBlockDefinition(credentials.type) : undefined;
    if (!definition)
      throw badRequest(
        "These credentials are not an AI provider's of this workspace",
        "CREDENTIALS_UNUSABLE",
        ["credentialsId"],
      );
    const defaultModel = (definition.defaults as { model?: unknown }).model;
    const model = input.model ?? (typeof defaultModel === "string" ? defaultModel : undefined);
    if (!model) throw badRequest("Choose the model that translates", "MODEL_REQUIRED", ["model"]);
    const resolved = await resolveAiEndpoint(ctx.prisma, {
      workspaceId: ctx.access.workspaceId,
      definition,
      credentialsId: input.credentialsId,
      blockBaseUrl: undefined,
    });
    if (!resolved.ok)
      throw new AppError("BAD_REQUEST", [{ message: resolved.error, code: "CREDENTIALS_UNUSABLE" }]);
    const provider = createAiProvider(resolved.endpoint);
    const missing = listTranslatableTexts(flow).filter(
      (text) => getTextStatus(flow.settings, input.language, text.key) === "missing",
    );
    const batch = missing.slice(0, MAX_MACHINE_DRAFTS_PER_CALL);
    const instructions = instructionsFor(sourceLanguage, input.language);
    type Draft = { key: string; value: Translation["value"] } | { key: string; failure: string };
    const drafts = await mapWithLimit(batch, CONCURRENCY, async (text: TranslatableText): Promise<Draft> => {
      try {
        const { content } = await provider.complete(
          {
            model,
            temperature: 0,
            messages: [
              { role: "system", content: instructions },
              { role: "user", content: toEditableText(text.source) },
            ],
          },
          { timeoutMs: COMPLETION_TIMEOUT_MS },
        );
        const converted = toTranslationValue(
          { kind: "tagged", text: content.trim() },
          text.source,
          text.isRichText,
        );
        return converted.ok
          ? { key: text.key, value: converted.value }
          : { key: text.key, failure: `The provider's draft was not kept: ${converted.reason}` };
      } catch (error) {
        const message =
          error instanceof AiProviderError ? error.message : "The provider could not be reached";
        return { key: text.key, failure: message };
      }
    });
    const failed = drafts.flatMap((draft) =>
      "failure" in draft ? [{ key: draft.key, message: draft.failure }] : [],
    );
    const translated = await updateBotTranslations(
      ctx.prisma,
      {
        botId: input.botId,
        workspaceId: ctx.access.workspaceId,
        language: input.language,
        audit: auditRequestOf(ctx),
      },
      (current) => {
        const translations: Record<string, Translation> = {
          ...current.settings.languages?.translations?.[input.language],
        };
        let count = 0;
        for (const draft of drafts) {
          if (!("value" in draft) || translations[draft.key]) continue;
          translations[draft.key] = { value: draft.value, status: "machineDraft" };
          count++;
        }
        return { translations: count > 0 ? translations : null, outcome: count };
      },
    );
    return { translated, failed, remaining: missing.length - batch.length };
  });
