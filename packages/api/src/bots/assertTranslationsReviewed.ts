import { AppError } from "@parley/platform/errors";
import { type BotDocument, listUnreviewedTexts } from "@parley/schemas";

/** At most this many places are listed (the count says how many there are). */
const MAX_LISTED = 100;

/**
 * The "publish only when every text is reviewed" rule (`settings.languages.publishOnlyReviewed`): while a text of
 * a language is missing or a machine draft, publishing is refused (BAD_REQUEST, one issue per place, code
 * `TRANSLATION_NOT_REVIEWED`, path to its translation).
 */
export function assertTranslationsReviewed(document: BotDocument): void {
  if (!document.settings.languages?.publishOnlyReviewed) return;
  const unreviewed = listUnreviewedTexts(document);
  if (unreviewed.length === 0) return;
  throw new AppError(
    "BAD_REQUEST",
    unreviewed.slice(0, MAX_LISTED).map(({ language, key, status }) => ({
      code: "TRANSLATION_NOT_REVIEWED",
      message: `${key} in ${language} is ${status === "missing" ? "not translated" : "a machine draft not yet reviewed"} (${unreviewed.length} ${unreviewed.length === 1 ? "text" : "texts"} to review before publishing)`,
      path: ["settings", "languages", "translations", language, key],
    })),
  );
}
