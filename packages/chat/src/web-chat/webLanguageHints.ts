import type { LanguageHints } from "@parley/engine";
import { parseAcceptLanguage } from "@parley/schemas";

/**
 * What a web start tells of the visitor's language (docs/languages.md): the body's `language` (the embed option,
 * an API client's choice) and the browser's `Accept-Language`, which browsers send from `navigator.languages`.
 */
export function webLanguageHints(request: Request, input: { language?: string | undefined }): LanguageHints {
  return {
    ...(input.language ? { embed: input.language } : {}),
    browser: parseAcceptLanguage(request.headers.get("accept-language")),
  };
}
