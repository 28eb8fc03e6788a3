// The error model of decisions.md "Errors" on both apps: malformed JSON, a wrong Content-Type,
// a wrong field type and a body over 1 MiB are 400 BAD_REQUEST (never 413 or 500); every
// answer carries x-request-id; validation failures list one issue per field with its path.
import { beforeAll, describe, expect, it } from "vitest";
import { allEndpoints, urlOf } from "./endpoints";
import { call, expectError, useApps } from "./harness";
import { createWorld, type World } from "./world";

const apps = useApps();
let world: World;
let sessionId: string;

beforeAll(async () => {
  world = await createWorld(apps);
  sessionId = await world.startSession();
});

const withBody = allEndpoints.filter((endpoint) => endpoint.body);
const tokenFor = (host: "base" | "chat") => (host === "chat" ? world.chatKey : world.admin.token);

describe.each(withBody)("$method $name", (endpoint) => {
  const send = (body: string, headers: Record<string, string>) =>
    call(endpoint.method, urlOf(apps, endpoint, world, sessionId), {
      token: tokenFor(endpoint.host),
      body,
      headers,
    });

  it("answers BAD_REQUEST INVALID_JSON to malformed JSON", async () => {
    for (const body of ["{not json", '{"a":', "[1,2]", '"text"']) {
      expectError(await send(body, { "content-type": "application/json" }), "BAD_REQUEST", "INVALID_JSON");
    }
  });

  it("answers BAD_REQUEST to a body that is not declared as JSON", async () => {
    const body = JSON.stringify(endpoint.body?.(world));
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
      expectError(
        await send(body, { "content-type": contentType }),
        "BAD_REQUEST",
        "UNSUPPORTED_CONTENT_TYPE",
      );
    }
  });

  it("answers BAD_REQUEST PAYLOAD_TOO_LARGE to a body over 1 MiB", async () => {
    const body = JSON.stringify({ ...(endpoint.body?.(world) as object), padding: "x".repeat(1024 * 1024) });
    expectError(await send(body, { "content-type": "application/json" }), "BAD_REQUEST", "PAYLOAD_TOO_LARGE");
  });
});

describe("validation issues", () => {
  it("name each invalid field by its path, with the fixed message", async () => {
    const answer = await world.api("POST", "/workspaces", { name: 42, icon: { not: "a string" } });
    const issues = expectError(answer, "BAD_REQUEST");
    expect(issues.map((issue) => issue.path)).toEqual(expect.arrayContaining([["name"], ["icon"]]));
  });

  it("locate a nested wrong type under its full path", async () => {
    const answer = await world.api("PATCH", `/bots/${world.bot.id}`, { bot: { isClosed: "yes" } });
    const issues = expectError(answer, "BAD_REQUEST");
    expect(issues.map((issue) => issue.path)).toContainEqual(["bot", "isClosed"]);
  });

  it("refuse query parameters of the wrong type", async () => {
    expectError(await world.api("GET", `/bots/${world.bot.id}?migrateToLatestVersion=maybe`), "BAD_REQUEST");
    expectError(
      await world.api("GET", `/bots/${world.bot.id}/analytics/stats?timeFilter=lastCentury`),
      "BAD_REQUEST",
    );
    expectError(await world.api("GET", `/bots/${world.bot.id}/results?limit=-1`), "BAD_REQUEST");
    expectError(await world.api("GET", "/billing/usage"), "BAD_REQUEST");
  });
});

describe("x-request-id", () => {
  it("is on every answer of both apps, success or error", async () => {
    const answers = [
      await call("GET", `${apps.baseUrl}/api/health`),
      await call("GET", `${apps.chatUrl}/api/health`),
      await world.api("GET", "/workspaces"),
      await call("GET", `${apps.baseUrl}/api/v1/workspaces`),
      await call("POST", `${apps.chatUrl}/api/v1/bots/${world.bot.publicId}/startChat`, { body: {} }),
      await call("POST", `${apps.chatUrl}/api/v1/sessions/${sessionId}/updateBot`, { token: world.chatKey }),
    ];
    const ids = answers.map((answer) => answer.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[\w-]{8,128}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a well-formed id sent by the client", async () => {
    const headers = { "x-request-id": "checker-0001-abcdef" };
    const management = await call("GET", `${apps.baseUrl}/api/v1/workspaces`, { headers });
    const chat = await call("POST", `${apps.chatUrl}/api/v1/sessions/${sessionId}/updateBot`, {
      token: world.chatKey,
      headers,
    });
    expect(management.headers.get("x-request-id")).toBe("checker-0001-abcdef");
    expect(chat.headers.get("x-request-id")).toBe("checker-0001-abcdef");
  });
});

describe("paths outside the contract", () => {
  it("answer NOT_FOUND in the contract's body on the REST API", async () => {
    expectError(await world.api("GET", "/nowhere"), "NOT_FOUND");
    expectError(await world.api("DELETE", "/workspaces"), "NOT_FOUND");
  });
});
