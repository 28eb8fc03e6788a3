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
        description: `The request's body is the file itself (not multipart), at most ${MAX_KNOWLEDGE_FILE_BYTES / 1024 / 1024} MB: PDF, DOCX, Markdown, HTML, plain text or CSV, by \`Content-Type\` (or, for \`application/octet-stream\`, the extension of \`name\`). Too large: BAD_REQUEST \`PAYLOAD_TOO_LARGE\` (nothing stored); another type: \`UNSUPPORTED_FILE_TYPE\`; empty: \`FILE_EMPTY\`. The answer is the new \`file\` source, \`pending\`: indexed in the background, then \`ready\`, or \`failed\` with a readable \`error\`. Details: docs/knowledge.md.`,
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
