import { knowledgeSourceSchema } from "@parley/schemas/management/knowledge";
import { knowledgeFileTypes, MAX_KNOWLEDGE_FILE_BYTES } from "@parley/schemas/management/knowledgeFiles";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { knowledgeFileQuerySchema } from "../knowledge/handleKnowledgeFileUpload";
import { rawRouteErrorResponses } from "./rawRouteErrorResponses";

const fileBody = { schema: textSchema.meta({ format: "binary" }) };

/**
 * POST /knowledgeBases/{knowledgeBaseId}/files, served by its own handler (its body is the file, not
 * JSON), so its operation is written here.
 */
export function getKnowledgeFileOpenApiPaths(): ZodOpenApiPathsObject {
  return {
    "/knowledgeBases/{knowledgeBaseId}/files": {
      post: {
        operationId: "knowledgeBases-uploadKnowledgeFile",
        summary: "Add a file source to a knowledge base",
        description: `The request's body is the file itself (not multipart, not JSON), at most ${MAX_KNOWLEDGE_FILE_BYTES / 1024 / 1024} MB: PDF, DOCX, Markdown, HTML, plain text or CSV, its type given by \`Content-Type\` (or, when that is \`application/octet-stream\`, by the extension of \`name\`). A larger file is refused before it is stored: BAD_REQUEST with issue code \`PAYLOAD_TOO_LARGE\`; another type: \`UNSUPPORTED_FILE_TYPE\`; an empty body: \`FILE_EMPTY\`. The answer is the new \`file\` source, \`pending\`: it is indexed in the background like every source (a PDF by pages, located \`Page 3\`; DOCX, HTML and Markdown by their headings; CSV one row per paragraph as \`column: value\` lines), then \`ready\`, or \`failed\` with a readable \`error\` (an encrypted PDF, a PDF without text, a damaged file). \`POST …/sources/{sourceId}/refresh\` indexes the stored file again.`,
        tags: ["Knowledge"],
        security: [{ bearerAuth: [] }],
        requestParams: {
          path: z.object({ knowledgeBaseId: textSchema.meta({ description: "The knowledge base's id" }) }),
          query: knowledgeFileQuerySchema,
        },
        requestBody: {
          required: true,
          content: Object.fromEntries(
            [...Object.keys(knowledgeFileTypes), "application/octet-stream"].map((type) => [type, fileBody]),
          ),
        },
        responses: {
          "200": {
            description: "The new source",
            content: { "application/json": { schema: z.object({ source: knowledgeSourceSchema }) } },
          },
          ...rawRouteErrorResponses,
        },
      },
    },
  };
}
