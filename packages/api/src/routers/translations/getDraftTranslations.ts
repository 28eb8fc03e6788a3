import { readStoredFlow } from "@parley/db/storedFlow";
import type { LanguagesSettings } from "@parley/schemas";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";

type BotTranslations = NonNullable<LanguagesSettings["translations"]>;

/**
 * The builder's editor (tRPC only, no REST path): the draft's translations (`settings.languages.translations`),
 * which it opens without and loads when it shows another language or saves the settings. The rest of the document
 * is not sent again. Read as GET /bots/{botId} reads the draft; checked when they were saved, so not again here.
 */
export const getDraftTranslations = botRowProcedure("read")
  .output(
    z.object({
      translations: z.custom<BotTranslations>(
        (value) => typeof value === "object" && value !== null && !Array.isArray(value),
      ),
    }),
  )
  .query(({ ctx }) => {
    const { settings } = readStoredFlow(ctx.bot.version, ctx.bot);
    return { translations: settings.languages?.translations ?? {} };
  });
