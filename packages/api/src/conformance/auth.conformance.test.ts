// Authentication of every endpoint (api-spec.md "Authentication", decisions.md "Authentication
// and access"): no header or not `Bearer <token>` -> 401 UNAUTHORIZED; unknown, revoked or
// insufficient credentials -> 403 FORBIDDEN; nothing refused changes anything.
import { getPrisma } from "@parley/db";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { allEndpoints, specEndpoints, urlOf } from "./endpoints";
import { call, expectError, expectOk, useApps } from "./harness";
import { createWorld, type World } from "./world";

const apps = useApps();
let world: World;
let sessionId: string;
let revokedToken: string;

beforeAll(async () => {
  world = await createWorld(apps);
  sessionId = await world.startSession();
  const revoked = await createTestUser();
  const { apiTokens } = expectOk(
    await call("GET", `${apps.baseUrl}/api/v1/users/me/api-tokens`, { token: revoked.token }),
  );
  expectOk(
    await call("DELETE", `${apps.baseUrl}/api/v1/users/me/api-tokens/${apiTokens[0].id}`, {
      token: revoked.token,
    }),
  );
  revokedToken = revoked.token;
});

/** Every field an endpoint reads, with a wrong type. */
const invalidFields = {
  name: 42,
  icon: 7,
  folder: "x",
  bot: 5,
  message: 9,
  textBubbleContentFormat: "html",
};

const send = (endpoint: (typeof allEndpoints)[number], headers: Record<string, string>, token?: string) =>
  call(endpoint.method, urlOf(apps, endpoint, world, sessionId), {
    token,
    headers,
    body: endpoint.body?.(world),
  });

describe.each(allEndpoints)("$method $name", (endpoint) => {
  it("answers UNAUTHORIZED without an Authorization header, or with one that is not `Bearer <token>`", async () => {
    for (const authorization of [undefined, "Basic dXNlcjpwYXNz", "Bearer", "Bearer   ", world.admin.token]) {
      const answer = await send(endpoint, authorization === undefined ? {} : { authorization });
      expectError(answer, "UNAUTHORIZED");
      expect(answer.body.issues).toEqual([]);
    }
  });

  it("answers FORBIDDEN for an unknown or a revoked token", async () => {
    for (const token of ["bt_unknownunknownunknownunknownunknownunknown1", "nonsense", revokedToken]) {
      expectError(await send(endpoint, {}, token), "FORBIDDEN");
    }
  });

  if (endpoint.addressesRecord) {
    it("answers FORBIDDEN to a valid token without access to the record", async () => {
      expectError(await send(endpoint, {}, world.outsider.token), "FORBIDDEN");
    });
  }

  if (endpoint.body) {
    it("checks credentials and access before the fields of a well-formed body", async () => {
      const url = urlOf(apps, endpoint, world, sessionId);
      const body = { ...(endpoint.body?.(world) as object), ...invalidFields };
      expectError(await call(endpoint.method, url, { body }), "UNAUTHORIZED");
      // The chat endpoints check the token and access after the fields (docs/api.md, Conformance notes).
      if (endpoint.host === "chat") return;
      expectError(await call(endpoint.method, url, { body, token: "bt_unknown" }), "FORBIDDEN");
      if (endpoint.addressesRecord) {
        expectError(await call(endpoint.method, url, { body, token: world.outsider.token }), "FORBIDDEN");
      }
    });
  }
});

describe("chat keys", () => {
  it("do not open management endpoints", async () => {
    for (const endpoint of specEndpoints.filter((candidate) => candidate.host === "base")) {
      expectError(await send(endpoint, {}, world.chatKey), "FORBIDDEN");
    }
  });

  it("open only the sessions of their own bot", async () => {
    const other = await createWorld(apps);
    const startOther = await call("POST", `${apps.chatUrl}/api/v1/bots/${other.bot.publicId}/startChat`, {
      token: world.chatKey,
      body: {},
    });
    expectError(startOther, "FORBIDDEN");
    const continueHere = await call("POST", `${apps.chatUrl}/api/v1/sessions/${sessionId}/continueChat`, {
      token: other.chatKey,
      body: { message: "Ada" },
    });
    expectError(continueHere, "FORBIDDEN");
  });
});

describe("refused calls", () => {
  it("changed nothing: the bot is still there, published, with its name and folder", async () => {
    const { bot } = expectOk(await world.api("GET", `/bots/${world.bot.id}`));
    expect(bot).toMatchObject({ name: "Greeter", folderId: world.folder.id });
    expectOk(await world.api("GET", `/bots/${world.bot.id}/publishedBot`));
    const workspace = await getPrisma().workspace.findUniqueOrThrow({ where: { id: world.workspaceId } });
    expect(workspace.name).not.toBe("Renamed");
    expect(await getPrisma().folder.count({ where: { workspaceId: world.workspaceId } })).toBe(1);
  });
});
