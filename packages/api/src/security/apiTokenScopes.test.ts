// Issue 26, item 4: scoped, expiring API tokens. Every REST operation of the OpenAPI document has its scope in
// the one table (operationScopes): a new endpoint without one fails here. A token used beyond its scopes gets
// FORBIDDEN with issue MISSING_SCOPE naming the scope; a token restricted to a workspace gets what a
// non-member gets elsewhere (FORBIDDEN); an expired token is refused like a revoked one.
import { getPrisma } from "@parley/db";
import { addWorkspaceMember } from "@parley/platform/accounts/addWorkspaceMember";
import { createApiToken } from "@parley/platform/auth/apiTokens";
import { createTestBot, createTestUser } from "@parley/platform/testing/fixtures";
import {
  type ApiTokenScope,
  apiTokenScopes,
  operationScopes,
} from "@parley/schemas/management/apiTokenScopes";
import { describe, expect, it } from "vitest";
import { listOperations } from "../fuzz/listOperations";
import { createChatOpenApiDocument } from "../openapi/createChatOpenApiDocument";
import { createOpenApiDocument } from "../openapi/createOpenApiDocument";
import { callApi } from "../testing/fixtures";
import { sampleFlow } from "../testing/sampleFlow";

const prisma = getPrisma();
const urls = { builderUrl: "http://localhost:3000", viewerUrl: "http://localhost:3001" };
// Both documents: {base_url}'s, and the chat runtime's (whose contract endpoints {base_url}'s lists too).
const operations = [
  ...listOperations(createOpenApiDocument(urls) as never).filter((operation) => !operation.isChat),
  ...listOperations(createChatOpenApiDocument(urls) as never, { isChatDocument: true }),
];
const keyOf = ({ method, route }: { method: string; route: string }) => `${method} ${route}`;
const missingScope = (scope: string) => [
  { code: "MISSING_SCOPE", message: `This token lacks the scope "${scope}"` },
];

/** A user with a workspace (ADMIN) and a bot in it, and a token of theirs with the given scopes. */
async function createScopedCaller(scopes: ApiTokenScope[]) {
  const owner = await createTestUser();
  const bot = await createTestBot(owner.workspaceId, { ...sampleFlow, name: "Scoped bot" });
  const { token } = await createApiToken(prisma, owner.user.id, "scoped", { scopes });
  return { owner, bot, token };
}

describe("API token scopes", () => {
  it("names a scope for every operation of the OpenAPI document, and no operation it lacks", () => {
    const documented = operations.map(keyOf).sort();
    expect(documented.filter((key) => !(key in operationScopes))).toEqual([]);
    expect(Object.keys(operationScopes).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it("refuses every management operation to a token holding every scope but the one it needs; nothing changes", {
    timeout: 180_000,
  }, async () => {
    const { owner, bot } = await createScopedCaller([]);
    const management = operations.filter((operation) => !operation.isChat);
    const before = await prisma.bot.findUniqueOrThrow({ where: { id: bot.id } });
    for (const operation of management) {
      const scope = operationScopes[keyOf(operation)];
      if (scope === undefined || scope === "none") throw new Error(`${keyOf(operation)} has no scope`);
      const { token } = await createApiToken(prisma, owner.user.id, "all but one", {
        scopes: apiTokenScopes.filter((candidate) => candidate !== scope),
      });
      const path = operation.route
        .replaceAll("{workspaceId}", owner.workspaceId)
        .replaceAll("{botId}", bot.id)
        .replace(/\{[^}]+\}/g, "abcdefghijklmnopqrstuvwx");
      const query =
        path.startsWith("/bots?") || operation.route === "/bots" ? `?workspaceId=${owner.workspaceId}` : "";
      const { status, body } = await callApi(operation.method, `${path}${query}`, {
        token,
        body: operation.method === "GET" || operation.method === "DELETE" ? undefined : {},
      });
      expect([keyOf(operation), status, body?.issues]).toEqual([keyOf(operation), 403, missingScope(scope)]);
    }
    expect(await prisma.bot.findUniqueOrThrow({ where: { id: bot.id } })).toEqual(before);
  });

  it("lets each scope through its operations and refuses the others (status and body)", async () => {
    const cases: { scope: ApiTokenScope; allowed: [string, string]; refused: [string, string, string] }[] = [
      {
        scope: "bots:read",
        allowed: ["GET", "/bots/{botId}"],
        refused: ["PATCH", "/bots/{botId}", "bots:write"],
      },
      {
        scope: "bots:write",
        allowed: ["PATCH", "/bots/{botId}"],
        refused: ["GET", "/bots/{botId}/results", "results:read"],
      },
      {
        scope: "results:read",
        allowed: ["GET", "/bots/{botId}/results"],
        refused: ["DELETE", "/bots/{botId}/results", "results:write"],
      },
      {
        scope: "results:write",
        allowed: ["DELETE", "/bots/{botId}/results"],
        refused: ["GET", "/bots/{botId}", "bots:read"],
      },
      {
        scope: "workspaces:read",
        allowed: ["GET", "/workspaces/{workspaceId}"],
        refused: ["PATCH", "/workspaces/{workspaceId}", "workspaces:admin"],
      },
      {
        scope: "workspaces:admin",
        allowed: ["PATCH", "/workspaces/{workspaceId}"],
        refused: ["GET", "/bots/{botId}", "bots:read"],
      },
      {
        scope: "account",
        allowed: ["GET", "/users/me/api-tokens"],
        refused: ["GET", "/workspaces", "workspaces:read"],
      },
      {
        scope: "chat",
        allowed: ["GET", "/users/me/api-tokens"],
        refused: ["GET", "/bots/{botId}", "bots:read"],
      },
      {
        scope: "instance:admin",
        allowed: ["GET", "/users/me/api-tokens"],
        refused: ["GET", "/workspaces", "workspaces:read"],
      },
    ];
    const bodies: Record<string, unknown> = {
      "PATCH /bots/{botId}": { bot: { name: "Renamed by a scoped token" } },
      "PATCH /workspaces/{workspaceId}": { name: "Renamed by a scoped token" },
    };
    for (const { scope, allowed, refused } of cases) {
      const { owner, bot, token } = await createScopedCaller(
        scope === "chat" || scope === "instance:admin" ? [scope, "account"] : [scope],
      );
      const fill = (route: string) =>
        route.replace("{botId}", bot.id).replace("{workspaceId}", owner.workspaceId);
      const ok = await callApi(allowed[0], fill(allowed[1]), { token, body: bodies[allowed.join(" ")] });
      expect([scope, allowed.join(" "), ok.status]).toEqual([scope, allowed.join(" "), 200]);
      const no = await callApi(refused[0], fill(refused[1]), {
        token,
        body: bodies[`${refused[0]} ${refused[1]}`],
      });
      expect([scope, no.status, no.body.issues]).toEqual([scope, 403, missingScope(refused[2])]);
    }
  });

  it("restricts a token to its workspace: another workspace of its owner is out of reach", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    await addWorkspaceMember(prisma, { workspaceId: other.workspaceId, email: owner.email, role: "ADMIN" });
    const ownBot = await createTestBot(owner.workspaceId, { ...sampleFlow, name: "Own bot" });
    const otherBot = await createTestBot(other.workspaceId, { ...sampleFlow, name: "Other bot" });
    const { token } = await createApiToken(prisma, owner.user.id, "one workspace", {
      workspaceId: owner.workspaceId,
    });

    expect((await callApi("GET", `/bots/${ownBot.id}`, { token })).status).toBe(200);
    const refused = await callApi("GET", `/bots/${otherBot.id}`, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("FORBIDDEN");
    const renamed = await callApi("PATCH", `/bots/${otherBot.id}`, {
      token,
      body: { bot: { name: "Taken" } },
    });
    expect(renamed.status).toBe(403);
    expect((await prisma.bot.findUniqueOrThrow({ where: { id: otherBot.id } })).name).toBe("Other bot");
    expect((await callApi("GET", `/workspaces/${other.workspaceId}`, { token })).status).toBe(403);
    const listed = await callApi("GET", "/workspaces", { token });
    expect(listed.status).toBe(200);
    expect(listed.body.workspaces.map((workspace: { id: string }) => workspace.id)).toEqual([
      owner.workspaceId,
    ]);
    expect((await callApi("POST", "/workspaces", { token, body: { name: "New" } })).status).toBe(403);
    // The same owner's unrestricted token reaches both.
    expect((await callApi("GET", `/bots/${otherBot.id}`, { token: owner.token })).status).toBe(200);
  });

  it("refuses an expired token like a revoked one", async () => {
    const owner = await createTestUser();
    const { id, token } = await createApiToken(prisma, owner.user.id, "short-lived", {
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await callApi("GET", "/workspaces", { token })).status).toBe(200);
    await prisma.apiToken.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const expired = await callApi("GET", "/workspaces", { token });
    expect(expired.status).toBe(403);
    expect(expired.body.issues).toEqual([{ code: "TOKEN_EXPIRED", message: "Token expired" }]);
    const { token: revoked, id: revokedId } = await createApiToken(prisma, owner.user.id, "revoked");
    await prisma.apiToken.update({ where: { id: revokedId }, data: { revokedAt: new Date() } });
    expect((await callApi("GET", "/workspaces", { token: revoked })).status).toBe(expired.status);
  });
});

describe("POST /api/v1/users/me/api-tokens with scopes, workspace and expiry", () => {
  it("stores them and lists them; the secret is shown once", async () => {
    const owner = await createTestUser();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await callApi("POST", "/users/me/api-tokens", {
      token: owner.token,
      body: { name: "CI", scopes: ["bots:read", "results:read"], workspaceId: owner.workspaceId, expiresAt },
    });
    expect(created.status).toBe(200);
    expect(created.body.apiToken).toMatchObject({
      name: "CI",
      scopes: ["bots:read", "results:read"],
      workspaceId: owner.workspaceId,
      expiresAt,
      token: expect.stringMatching(/^bt_/),
    });
    const listed = await callApi("GET", "/users/me/api-tokens", { token: owner.token });
    expect(listed.body.apiTokens).toContainEqual({
      id: created.body.apiToken.id,
      name: "CI",
      prefix: created.body.apiToken.prefix,
      createdAt: created.body.apiToken.createdAt,
      lastUsedAt: null,
      expiresAt,
      scopes: ["bots:read", "results:read"],
      workspaceId: owner.workspaceId,
    });
    // A token made without scopes keeps full access: listed as `scopes: null`.
    expect(listed.body.apiTokens).toContainEqual(expect.objectContaining({ name: "test", scopes: null }));
  });

  it("refuses a past expiry, an unknown or empty scope list, and a workspace the caller is not a member of", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const post = (body: unknown) => callApi("POST", "/users/me/api-tokens", { token: owner.token, body });
    const past = await post({ name: "old", expiresAt: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    expect(past.body.issues).toContainEqual(expect.objectContaining({ path: ["expiresAt"] }));
    expect((await post({ name: "x", scopes: ["bots:everything"] })).status).toBe(400);
    expect((await post({ name: "x", scopes: [] })).status).toBe(400);
    const foreign = await post({ name: "x", workspaceId: stranger.workspaceId });
    expect(foreign.status).toBe(403);
    expect(await prisma.apiToken.count({ where: { ownerId: owner.user.id } })).toBe(1);
  });

  it("lets a scoped token make only a token within its own scopes and workspace", async () => {
    const owner = await createTestUser();
    const { token } = await createApiToken(prisma, owner.user.id, "narrow", {
      scopes: ["account", "bots:read"],
      workspaceId: owner.workspaceId,
    });
    const broader = await callApi("POST", "/users/me/api-tokens", {
      token,
      body: { name: "wider", scopes: ["bots:write"] },
    });
    expect(broader.status).toBe(403);
    expect(broader.body.issues).toEqual(missingScope("bots:write"));
    const unscoped = await callApi("POST", "/users/me/api-tokens", { token, body: { name: "everything" } });
    expect(unscoped.status).toBe(403);
    const within = await callApi("POST", "/users/me/api-tokens", {
      token,
      body: { name: "narrower", scopes: ["bots:read"] },
    });
    expect(within.status).toBe(200);
    expect(within.body.apiToken).toMatchObject({ scopes: ["bots:read"], workspaceId: owner.workspaceId });
  });
});
