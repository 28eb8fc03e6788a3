import { readFileSync } from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { committedDocumentPaths, committedDocumentUrls, serializeOpenApiDocument } from "./committedDocument";
import {
  contractChatOperations,
  contractManagementOperations,
  contractOperations,
} from "./contractOperations";
import { createChatOpenApiDocument } from "./createChatOpenApiDocument";
import { createOpenApiDocument } from "./createOpenApiDocument";
import { handleChatOpenApiRequest } from "./getChatOpenApiDocument";

const document = createOpenApiDocument(committedDocumentUrls);
const chatDocument = createChatOpenApiDocument(committedDocumentUrls);

const requiredOperations = contractManagementOperations;

type Document = typeof document | typeof chatDocument;
const operationsOf = (of: Document) =>
  Object.entries(of.paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => ["get", "post", "patch", "put", "delete"].includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${route}`, operation })),
  );
const operations = operationsOf(document);
const chatOperations = operationsOf(chatDocument);

const documents = [
  { name: "{base_url}'s document", document: document as Document, path: committedDocumentPaths.base },
  {
    name: "the chat runtime's document",
    document: chatDocument as Document,
    path: committedDocumentPaths.chat,
  },
];

describe.each(documents)("OpenAPI document: $name", ({ document: checked, path: committedPath }) => {
  it(`is committed up to date in docs/${path.basename(committedPath)} (run \`npm run openapi\` after changing an endpoint)`, () => {
    expect(readFileSync(committedPath, "utf8")).toBe(serializeOpenApiDocument(checked));
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    await expect(SwaggerParser.validate(structuredClone(checked) as never)).resolves.toBeTruthy();
    expect(checked.openapi).toMatch(/^3\.1\./);
  });

  it("describes every operation, its errors in the contract's shape, and the bearer scheme", () => {
    expect(checked.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    for (const { key, operation } of operationsOf(checked)) {
      const op = operation as {
        summary?: string;
        tags?: string[];
        security?: unknown[];
        responses: Record<string, unknown>;
      };
      expect(op.summary, key).toBeTruthy();
      expect(op.tags?.length, key).toBeGreaterThan(0);
      // A platform's webhook cannot carry a bearer token (its signature or verify token authenticates it),
      // nor a payment link's page (its signed token does).
      const isWithoutBearer = key.endsWith("/webhook") || key.startsWith("POST /payment-links/");
      // An operation's own `security`, or the document's (the bearer scheme, said once).
      expect(op.security ?? checked.security, key).toEqual(isWithoutBearer ? [] : [{ bearerAuth: [] }]);
      expect(Object.keys(op.responses), key).toContain("200");
      expect(Object.keys(op.responses), key).toContain("500");
    }
    expect(checked.components?.schemas?.["error.FORBIDDEN"]).toMatchObject({
      example: { code: "FORBIDDEN", message: "Insufficient access", issues: [] },
    });
  });
});

describe("OpenAPI documents: what each lists", () => {
  it("lists every chat endpoint, the contract's included, in the chat runtime's document only", () => {
    const base = operations.map((operation) => operation.key);
    const chat = chatOperations.map((operation) => operation.key);
    for (const key of contractChatOperations) {
      expect(base, key).not.toContain(key);
      expect(chat, key).toContain(key);
    }
    // The chat runtime's other endpoints: in its document, not in {base_url}'s.
    for (const key of [
      "POST /sessions/{sessionId}/uploads",
      "POST /sessions/{sessionId}/streamMessage",
      "POST /workspaces/{workspaceId}/whatsapp/{credentialsId}/webhook",
      "POST /workspaces/{workspaceId}/telegram/{credentialsId}/webhook",
    ]) {
      expect(chat, key).toContain(key);
      expect(base, key).not.toContain(key);
    }
    // No management endpoint in the chat runtime's document.
    expect(chat).not.toContain("GET /bots/{botId}");
    // The chat runtime's document names its own server, {chat_url}.
    expect(chatDocument.servers).toEqual([{ url: "http://localhost:3001/api/v1" }]);
  });

  it("lists the contract's operations' errors code by code, the others' client errors once (4XX)", () => {
    const responsesOf = (key: string) =>
      operations.find((operation) => operation.key === key)?.operation.responses as Record<string, unknown>;
    for (const key of contractOperations) {
      if (!operations.some((operation) => operation.key === key)) continue;
      expect(Object.keys(responsesOf(key)), key).not.toContain("4XX");
    }
    expect(Object.keys(responsesOf("GET /bots/{botId}"))).toEqual(["200", "400", "401", "403", "404", "500"]);
    const grouped = responsesOf("GET /bots/{botId}/analytics/series");
    expect(grouped).toEqual({
      "200": expect.anything(),
      "4XX": { $ref: "#/components/responses/Errors-400-401-403-404" },
      "500": { $ref: "#/components/responses/INTERNAL_SERVER_ERROR" },
    });
    expect(document.components?.responses?.["Errors-400-401-403-404"]).toMatchObject({
      description: expect.stringContaining(
        "BAD_REQUEST (400), UNAUTHORIZED (401), FORBIDDEN (403), NOT_FOUND (404)",
      ),
      content: {
        "application/json": {
          schema: {
            oneOf: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"].map((code) => ({
              $ref: `#/components/schemas/error.${code}`,
            })),
          },
        },
      },
    });
  });

  it("serves the chat runtime's document for the install's {chat_url} (the viewer's GET /api/v1/openapi.json)", async () => {
    const response = await handleChatOpenApiRequest(new Request("http://localhost:3001/api/v1/openapi.json"));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const served = (await response.json()) as typeof chatDocument;
    expect(served.info.title).toBe("Parley chat runtime API");
    expect(served.paths).toEqual(JSON.parse(JSON.stringify(chatDocument.paths)));
  });

  it("lists every endpoint of the spec and of decisions.md, with the spec's query parameter names", () => {
    const listed = operations.map((operation) => operation.key);
    for (const required of requiredOperations) expect(listed, required).toContain(required);
    const queryOf = (key: string) =>
      (
        (
          operations.find((operation) => operation.key === key)?.operation as {
            parameters?: { in: string; name: string }[];
          }
        )?.parameters ?? []
      )
        .filter((parameter) => parameter.in === "query")
        .map((parameter) => parameter.name);
    expect(queryOf("GET /bots/{botId}")).toEqual(["migrateToLatestVersion"]);
    expect(queryOf("GET /bots/{botId}/publishedBot")).toEqual(["migrateToLatestVersion"]);
    // The spec's time-range parameter and zone, plus a custom range, a language and a version (docs/api.md).
    expect(queryOf("GET /bots/{botId}/analytics/stats").sort()).toEqual([
      "from",
      "language",
      "timeFilter",
      "timeZone",
      "to",
      "version",
    ]);
    expect(queryOf("GET /bots/{botId}/results-csv").sort()).toEqual([
      "answerContains",
      "from",
      "isCompleted",
      "language",
      "resultIds",
      "timeFilter",
      "timeZone",
      "to",
    ]);
    expect(queryOf("GET /billing/usage")).toEqual(["workspaceId"]);
    expect(queryOf("GET /billing/invoices")).toEqual(["workspaceId"]);
  });
});
