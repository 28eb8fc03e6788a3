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
  "XLIFF 2.0 (`format=xliff`, the default; `{{variables}}` as `<ph>`) or CSV (`format=csv`). Details: docs/languages.md.";

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
        description: `Every translatable text of the bot's draft with its translation into \`language\` and its status, as a file for translators. ${formats} BAD_REQUEST \`UNKNOWN_LANGUAGE\`: a language the bot does not have, or its default one.`,
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
        description: `A file as the export writes it (at most 1 MiB), edited: each unit (row) with a target replaces that text's translation, with the status its state gives; an empty target changes nothing. The answer counts \`updated\` and \`unchanged\` texts and lists \`unknownPlaces\` (skipped). A malformed file, changed formatting codes or \`{{variables}}\`, or another language refuses the whole import: BAD_REQUEST \`MALFORMED_FILE\`, \`INVALID_TRANSLATION\` or \`LANGUAGE_MISMATCH\`, each issue naming the line, unit or row.`,
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
