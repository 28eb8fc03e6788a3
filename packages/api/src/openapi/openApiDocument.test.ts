import { readFileSync } from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { committedDocumentUrls, serializeOpenApiDocument } from "./committedDocument";
import { createOpenApiDocument } from "./createOpenApiDocument";

const committedPath = path.join(import.meta.dirname, "../../../../docs/openapi.json");
const document = createOpenApiDocument(committedDocumentUrls);

/** Endpoints 4-17 of api-spec.md and the extra endpoints of decisions.md served by {base_url}. */
const requiredOperations = [
  "GET /folders/{folderId}",
  "PATCH /folders/{folderId}",
  "GET /workspaces",
  "POST /workspaces",
  "PATCH /workspaces/{workspaceId}",
  "GET /bots/{botId}",
  "PATCH /bots/{botId}",
  "DELETE /bots/{botId}",
  "GET /bots/{botId}/publishedBot",
  "POST /bots/{botId}/publish",
  "POST /bots/{botId}/unpublish",
  "GET /bots/{botId}/analytics/stats",
  "GET /billing/invoices",
  "GET /billing/usage",
  "POST /folders",
  "GET /folders",
  "DELETE /folders/{folderId}",
  "POST /bots",
  "GET /bots",
  "POST /bots/import",
  "GET /bots/{botId}/results",
  "GET /bots/{botId}/versions",
  "POST /bots/{botId}/versions/{version}/restore",
];

const operations = Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
  Object.entries(item ?? {})
    .filter(([method]) => ["get", "post", "patch", "put", "delete"].includes(method))
    .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${route}`, operation })),
);

describe("OpenAPI document", () => {
  it("is committed up to date in docs/openapi.json (run `npm run openapi` after changing a procedure)", () => {
    expect(readFileSync(committedPath, "utf8")).toBe(serializeOpenApiDocument(document));
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(document.openapi).toMatch(/^3\.1\./);
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
    // The spec's time-range parameter and zone, plus a custom range (docs/api.md).
    expect(queryOf("GET /bots/{botId}/analytics/stats").sort()).toEqual([
      "from",
      "timeFilter",
      "timeZone",
      "to",
    ]);
    expect(queryOf("GET /bots/{botId}/results-csv").sort()).toEqual([
      "answerContains",
      "from",
      "isCompleted",
      "resultIds",
      "timeFilter",
      "timeZone",
      "to",
    ]);
    expect(queryOf("GET /billing/usage")).toEqual(["workspaceId"]);
    expect(queryOf("GET /billing/invoices")).toEqual(["workspaceId"]);
  });

  it("describes every operation, its errors in the contract's shape, and the bearer scheme", () => {
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    for (const { key, operation } of operations) {
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
      expect(op.security ?? document.security, key).toEqual(isWithoutBearer ? [] : [{ bearerAuth: [] }]);
      expect(Object.keys(op.responses), key).toContain("200");
      expect(Object.keys(op.responses), key).toContain("500");
    }
    expect(document.components?.schemas?.["error.FORBIDDEN"]).toMatchObject({
      example: { code: "FORBIDDEN", message: "Insufficient access", issues: [] },
    });
  });
});
