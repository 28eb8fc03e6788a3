import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { translationsQuerySchema } from "../translations/handleTranslationsRequest";
import { rawRouteErrorResponses } from "./rawRouteErrorResponses";

const fileContent = {
  "application/xliff+xml": { schema: textSchema },
  "text/csv": { schema: textSchema },
};

const requestParams = {
  path: z.object({
    botId: textSchema.meta({ description: "The bot's id" }),
    language: textSchema.meta({
      description:
        "One of the bot's languages other than its default one (BCP 47, canonical form: `fr`, `pt-BR`)",
    }),
  }),
  query: translationsQuerySchema,
};

const formats =
  "XLIFF 2.0 (`format=xliff`, the default): one `<unit>` per text whose `id` is the text's place (`block:<blockId>:<path>`, `item:…`, `path:…`, `settings:<path>`), `srcLang` the default language and `trgLang` this one; the segment's `state` is `initial` (missing, no `<target>`), `translated` (machine draft) or `reviewed` (reviewed; `final` is read as reviewed too); rich text's formatting is `<pc>` and each `{{variable}}` a `<ph>`, their original data in the unit's `<originalData>`. CSV (`format=csv`): columns `key, group, block, field, source, target, status` (`missing`, `machineDraft`, `reviewed`), rich text's formatting as numbered tags (`<1>bold</1>`) and variables as written.";

/**
 * GET and PUT /bots/{botId}/translations/{language}, served by their own handler (the body is a file, not JSON),
 * so their operations are written here.
 */
export function getTranslationsOpenApiPaths(): ZodOpenApiPathsObject {
  return {
    "/bots/{botId}/translations/{language}": {
      get: {
        operationId: "translations-exportTranslations",
        summary: "Export a language's translations",
        description: `Every translatable text of the bot's draft (blocks in flow order, then system messages and metadata) with its translation into \`language\` and its status, as a file for translators. ${formats} A language the bot does not have (or its default one) is BAD_REQUEST \`UNKNOWN_LANGUAGE\`.`,
        tags: ["Translations"],
        security: [{ bearerAuth: [] }],
        requestParams,
        responses: {
          "200": {
            description: "The file, with `Content-Disposition: attachment`",
            headers: z.object({
              "content-disposition": textSchema.meta({
                description: 'attachment; filename="<bot>-<language>.xlf"',
              }),
            }),
            content: fileContent,
          },
          ...rawRouteErrorResponses,
        },
      },
      put: {
        operationId: "translations-importTranslations",
        summary: "Import a language's translations",
        description: `The request's body is a file as the export writes it (at most 1 MiB), edited: each unit (row) with a target replaces that text's translation in the draft, with the status its state (\`status\` column) gives; an empty target changes nothing. The answer counts the texts \`updated\` and \`unchanged\` and lists the \`unknownPlaces\` (keys naming no text of the bot: a deleted block, a typo), which are skipped. A file that is not well-formed, a unit whose formatting codes or \`{{variables}}\` differ from its source's, or a file of another language (\`trgLang\`, \`srcLang\`) refuses the whole import: BAD_REQUEST with issue code \`MALFORMED_FILE\`, \`INVALID_TRANSLATION\` or \`LANGUAGE_MISMATCH\`, each issue naming the line, unit or row. The formats are the export's (\`GET\` of this path).`,
        tags: ["Translations"],
        security: [{ bearerAuth: [] }],
        requestParams,
        requestBody: { required: true, content: fileContent },
        responses: {
          "200": {
            description: "What the import did",
            content: {
              "application/json": {
                schema: z.object({
                  updated: z
                    .number()
                    .int()
                    .meta({ description: "Texts whose translation or status changed" }),
                  unchanged: z.number().int().meta({ description: "Texts the file left as they were" }),
                  unknownPlaces: z
                    .array(textSchema)
                    .meta({ description: "Keys of the file that name no text of the bot" }),
                }),
              },
            },
          },
          ...rawRouteErrorResponses,
        },
      },
    },
  };
}
