// What a checker reads before anything else: GET /api/health on both apps (no auth) and the
// OpenAPI document at {base_url}/api/v1/openapi.json, whose error responses per endpoint must be
// exactly the codes api-spec.md lists; decisions.md lets the three chat endpoints be described in
// {chat_url}/api/v1/openapi.json instead, which is where Parley describes them.

import { parleyVersion } from "@parley/platform/version";
import { describe, expect, it } from "vitest";
import { type ContractCode, call, errorStatuses, expectOk, useApps } from "./harness";

const apps = useApps();

const all: ContractCode[] = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INTERNAL_SERVER_ERROR",
];
const without = (...codes: ContractCode[]) => all.filter((code) => !codes.includes(code));

/** api-spec.md "Endpoints": the errors each one lists. */
const listedErrors: Record<string, ContractCode[]> = {
  "POST /bots/{publicId}/startChat": without("NOT_FOUND"),
  "POST /sessions/{sessionId}/continueChat": without("NOT_FOUND"),
  "POST /sessions/{sessionId}/updateBot": without("NOT_FOUND"),
  "GET /folders/{folderId}": all,
  "PATCH /folders/{folderId}": all,
  "GET /workspaces": without("BAD_REQUEST", "NOT_FOUND"),
  "POST /workspaces": without("NOT_FOUND"),
  "PATCH /workspaces/{workspaceId}": all,
  "GET /bots/{botId}": all,
  "PATCH /bots/{botId}": all,
  "DELETE /bots/{botId}": all,
  "GET /bots/{botId}/publishedBot": all,
  "POST /bots/{botId}/publish": without("NOT_FOUND"),
  "POST /bots/{botId}/unpublish": without("NOT_FOUND"),
  "GET /bots/{botId}/analytics/stats": all,
  "GET /billing/invoices": all,
  "GET /billing/usage": all,
};

describe("GET /api/health", () => {
  it("answers {status: ok, version} on both apps without credentials", async () => {
    for (const origin of [apps.baseUrl, apps.chatUrl]) {
      expect(expectOk(await call("GET", `${origin}/api/health`))).toEqual({
        status: "ok",
        version: parleyVersion,
      });
    }
  });
});

describe("GET {base_url}/api/v1/openapi.json and {chat_url}/api/v1/openapi.json", () => {
  it("are served without credentials and document exactly the listed errors of every spec endpoint", async () => {
    const document = expectOk(await call("GET", `${apps.baseUrl}/api/v1/openapi.json`));
    const chatDocument = expectOk(await call("GET", `${apps.chatUrl}/api/v1/openapi.json`));
    expect(document.openapi).toMatch(/^3\./);
    expect(chatDocument.openapi).toMatch(/^3\./);
    for (const [operation, codes] of Object.entries(listedErrors)) {
      const [method = "", route = ""] = operation.split(" ");
      const isChatEndpoint = route.endsWith("Chat") || route.endsWith("/updateBot");
      const responses = (isChatEndpoint ? chatDocument : document).paths[route]?.[method.toLowerCase()]
        ?.responses;
      expect(responses, operation).toBeDefined();
      const statuses = Object.keys(responses).filter((status) => status !== "200");
      expect(statuses.sort(), operation).toEqual(codes.map((code) => String(errorStatuses[code])).sort());
    }
  });
});
