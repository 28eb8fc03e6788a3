import type { Database } from "@parley/db";
import { loadBotAccess } from "@parley/platform/access/loadAccess";
import { readAuditClient } from "@parley/platform/audit/appendAuditEntry";
import { AppError, badRequest } from "@parley/platform/errors";
import { handleWebRequest, jsonResponse } from "@parley/platform/http/handleWebRequest";
import { readLimitedBody } from "@parley/platform/http/readJsonBody";
import {
  type BotDocument,
  getTextStatus,
  languageTagSchema,
  listBotLanguages,
  listTranslatableTexts,
} from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { recordEditingActivity } from "../access/recordEditingActivity";
import {
  assertRawRouteWorkspace,
  authenticateRawRouteCaller,
  decodePathSegment,
  readQuery,
} from "../rest/rawRouteRequest";
import { applyTranslationFile } from "./applyTranslationFile";
import { readStoredDraft } from "./readStoredDraft";
import { type TranslationFormat, type TranslationsExport, translationFormats } from "./translationFiles";
import { readTranslationsCsv, writeTranslationsCsv } from "./translationsCsv";
import { readTranslationsXliff, TranslationFileError, writeTranslationsXliff } from "./translationsXliff";
import { updateBotTranslations } from "./updateBotTranslations";

/** The path of a language's translations under the REST mount. */
export const TRANSLATIONS_PATH = /^\/api\/v1\/bots\/([^/]+)\/translations\/([^/]+)$/;

/** The query of GET and PUT /bots/{botId}/translations/{language} (also read by their OpenAPI operations). */
export const translationsQuerySchema = z.strictObject({
  format: z.enum(translationFormats).default("xliff").describe("`xliff` (XLIFF 2.0, the default) or `csv`"),
});

const mediaTypes: Record<TranslationFormat, string> = {
  xliff: "application/xliff+xml; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** A language of the bot other than its default one, or BAD_REQUEST at `language`. */
function assertTranslatedLanguage(flow: BotDocument, language: string) {
  const [defaultLanguage, ...others] = listBotLanguages(flow.settings);
  if (!others.includes(language))
    throw badRequest(
      defaultLanguage === undefined
        ? "The bot has one language: add languages to it (settings.languages) before translating"
        : language === defaultLanguage
          ? `${language} is the bot's default language: its texts are the blocks' own`
          : `The bot has no language ${language} (its languages: ${[defaultLanguage, ...others].join(", ")})`,
      "UNKNOWN_LANGUAGE",
      ["language"],
    );
  return defaultLanguage as string;
}

/** A language's texts and translations, as both file formats write them. */
export function toTranslationsExport(
  bot: { id: string; name: string },
  flow: BotDocument,
  language: string,
): TranslationsExport {
  const sourceLanguage = assertTranslatedLanguage(flow, language);
  const translations = flow.settings.languages?.translations?.[language] ?? {};
  return {
    botId: bot.id,
    botName: bot.name,
    sourceLanguage,
    targetLanguage: language,
    texts: listTranslatableTexts(flow).map((text) => ({
      ...text,
      target:
        getTextStatus(flow.settings, language, text.key) === "missing"
          ? null
          : (translations[text.key] ?? null),
    })),
  };
}

/**
 * GET and PUT {base_url}/api/v1/bots/{botId}/translations/{language}?format=xliff|csv: a language's translations
 * as a file for translators (XLIFF 2.0 or CSV), and the same file edited, imported into the draft. Served by its
 * own handler: the file is the body, not JSON. Checks in the order of every endpoint: credentials, access, fields.
 */
export function createTranslationsHandler(getDatabase: () => Database) {
  return (request: Request, botIdSegment: string, languageSegment: string): Promise<Response> =>
    handleWebRequest(request, async () => {
      const method = request.method;
      if (method !== "GET" && method !== "PUT") throw new AppError("NOT_FOUND");
      const prisma = getDatabase();
      const user = await authenticateRawRouteCaller(prisma, request, {
        sameOriginForCookie: method === "PUT",
        operation: `${method} /bots/{botId}/translations/{language}`,
      });
      const botId = z.object({ botId: idSchema }).parse({ botId: decodePathSegment(botIdSegment) }).botId;
      const access = await loadBotAccess(prisma, user.id, botId, method === "GET" ? "read" : "write");
      assertRawRouteWorkspace(user, access);
      const { language } = z
        .object({ language: languageTagSchema })
        .parse({ language: decodePathSegment(languageSegment) });
      const { format } = translationsQuerySchema.parse(readQuery(new URL(request.url)));
      if (method === "GET") {
        const bot = await readStoredDraft(prisma, botId);
        const exported = toTranslationsExport({ id: botId, name: bot.name }, bot.flow, language);
        const body = format === "csv" ? writeTranslationsCsv(exported) : writeTranslationsXliff(exported);
        const extension = format === "csv" ? "csv" : "xlf";
        return new Response(body, {
          status: 200,
          headers: {
            "content-type": mediaTypes[format],
            "content-disposition": `attachment; filename="${toFilename(bot.name)}-${language}.${extension}"`,
            "cache-control": "no-store",
          },
        });
      }
      const text = (await readLimitedBody(request)).toString("utf8");
      if (text.trim() === "") throw badRequest("The body is empty: send the translation file", "FILE_EMPTY");
      let file: ReturnType<typeof readTranslationsXliff>;
      try {
        file = format === "csv" ? readTranslationsCsv(text) : readTranslationsXliff(text);
      } catch (error) {
        if (error instanceof TranslationFileError) throw badRequest(error.message, "MALFORMED_FILE");
        throw error;
      }
      if (file.targetLanguage !== null && file.targetLanguage !== language)
        throw badRequest(
          `The file translates into ${file.targetLanguage || "no language"} (trgLang), not ${language}`,
          "LANGUAGE_MISMATCH",
        );
      const report = await updateBotTranslations(
        prisma,
        {
          botId,
          workspaceId: access.workspaceId,
          language,
          audit: { actor: { id: user.id, email: user.email }, ...readAuditClient(request) },
        },
        (flow) => {
          const sourceLanguage = assertTranslatedLanguage(flow, language);
          if (file.sourceLanguage !== null && file.sourceLanguage !== sourceLanguage)
            throw badRequest(
              `The file's source is ${file.sourceLanguage || "no language"} (srcLang), the bot's default language is ${sourceLanguage}`,
              "LANGUAGE_MISMATCH",
            );
          const applied = applyTranslationFile(flow, language, file);
          if (applied.issues.length > 0) throw new AppError("BAD_REQUEST", applied.issues);
          return {
            translations: applied.report.updated > 0 ? applied.translations : null,
            outcome: applied.report,
          };
        },
      );
      await recordEditingActivity(prisma, { workspaceId: access.workspaceId });
      return jsonResponse(report);
    });
}

function toFilename(botName: string): string {
  return (
    botName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "bot"
  );
}
