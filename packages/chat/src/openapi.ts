// The chat endpoints in the OpenAPI documents: the operations of chatEndpoints.ts, from the same zod schemas
// the handlers parse with: every documented one is in the chat runtime's document ({chat_url}/api/v1/openapi.json),
// the contract's three chat endpoints included (decisions.md: "or in {chat_url}/api/v1/openapi.json").
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { chatEndpoints } from "./chatEndpoints";
import { type ChatEndpointDocs, fullChatPath } from "./core/chatEndpoint";

const CHAT_ERRORS = {
  "400": "BAD_REQUEST",
  "401": "UNAUTHORIZED",
  "403": "FORBIDDEN",
  "500": "INTERNAL_SERVER_ERROR",
};

function chatOperation(docs: ChatEndpointDocs): ZodOpenApiOperationObject {
  const codes = docs.answersNotFound ? { ...CHAT_ERRORS, "404": "NOT_FOUND" } : CHAT_ERRORS;
  const errors = Object.fromEntries(
    Object.entries(codes).map(([status, code]) => [
      status,
      {
        description: code,
        content: { "application/json": { schema: { $ref: `#/components/schemas/error.${code}` } } },
        ...(code === "FORBIDDEN"
          ? {
              headers: z.object({
                "retry-after": z
                  .string()
                  .optional()
                  .meta({ description: "With RATE_LIMITED: seconds to wait." }),
              }),
            }
          : {}),
      },
    ]),
  );
  const path = z.object(
    Object.fromEntries(
      Object.entries(docs.params).map(([name, description]) => [name, z.string().meta({ description })]),
    ),
  );
  return {
    operationId: docs.operationId,
    summary: docs.summary,
    description: docs.description,
    tags: ["Chat"],
    security: docs.isWithoutBearer ? [] : [{ bearerAuth: [] }],
    requestParams: {
      path,
      ...(docs.query ? { query: docs.query } : {}),
      ...(docs.headers ? { header: docs.headers } : {}),
    },
    ...(docs.request
      ? { requestBody: { required: false, content: { "application/json": { schema: docs.request } } } }
      : {}),
    responses: {
      "200":
        "text" in docs.response
          ? { description: docs.response.text, content: { "text/plain": { schema: z.string() } } }
          : {
              description: "Successful response",
              content: { "application/json": { schema: docs.response } },
            },
      ...errors,
    },
  };
}

/**
 * Paths of every documented chat endpoint, relative to /api/v1, for the chat runtime's document (whose own
 * server is {chat_url}/api/v1).
 */
export function getChatOpenApiPaths({ chatUrl }: { chatUrl: string }): ZodOpenApiPathsObject {
  // Typebot's /api/v2 and /api/v3 paths are named from the host's root (their relative paths repeat ours).
  const rootServers = [{ url: new URL("/", chatUrl).toString(), description: "{chat_url}: the viewer" }];
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of chatEndpoints) {
    const { method, docs } = endpoint;
    if (!docs) continue;
    const key = endpoint.apiVersion ? fullChatPath(endpoint) : endpoint.path;
    paths[key] = {
      ...(endpoint.apiVersion ? { servers: rootServers } : {}),
      ...paths[key],
      [method.toLowerCase()]: chatOperation(docs),
    };
  }
  return paths;
}
