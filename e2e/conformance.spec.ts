// The REST contract through the production Next mounts (builder = {base_url}, viewer = {chat_url}):
// what the route files and Next itself add or change. Field-level conformance is covered by
// packages/api/src/conformance over the same handlers; this checks the mounts agree.

import type { APIResponse } from "@playwright/test";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

const contractBodies = {
  UNAUTHORIZED: { code: "UNAUTHORIZED", message: "Authorization not provided", issues: [] },
};

async function expectContractError(response: APIResponse, status: number, code: string, issueCode?: string) {
  expect(response.status()).toBe(status);
  expect(response.headers()["x-request-id"]).toMatch(/^[\w-]{8,128}$/);
  const body = await response.json();
  expect(Object.keys(body).sort()).toEqual(["code", "issues", "message"]);
  expect(body.code).toBe(code);
  if (issueCode) expect(body.issues.map((issue: { code?: string }) => issue.code)).toContain(issueCode);
}

test("both apps answer health, the OpenAPI document and the reference page", async ({ request }) => {
  for (const url of ["/api/health", `${viewerUrl}/api/health`]) {
    const health = await request.get(url);
    expect(await health.json()).toEqual({ status: "ok", version: expect.any(String) });
    expect(health.headers()["x-request-id"]).toBeTruthy();
  }
  const document = await request.get("/api/v1/openapi.json");
  expect(document.status()).toBe(200);
  expect(document.headers()["x-request-id"]).toBeTruthy();
  expect((await document.json()).paths["/bots/{botId}/publish"]).toBeTruthy();
  const reference = await request.get("/docs/api");
  expect(reference.status()).toBe(200);
  expect(reference.headers()["content-type"]).toContain("text/html");
  // The chat runtime's own document, on {chat_url}, readable by the reference page of {base_url}.
  const chatDocument = await request.get(`${viewerUrl}/api/v1/openapi.json`);
  expect(chatDocument.status()).toBe(200);
  expect(chatDocument.headers()["access-control-allow-origin"]).toBe("*");
  const chatPaths = Object.keys((await chatDocument.json()).paths);
  expect(chatPaths).toEqual(
    expect.arrayContaining(["/bots/{publicId}/startChat", "/sessions/{sessionId}/uploads"]),
  );
});

test("the API reference page shows the management API and, picked from its documents, the chat runtime's", async ({
  page,
}) => {
  // Two documents of 100–300 KB rendered by the reference page, each bounded by its own 30 s below.
  test.setTimeout(120_000);
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Parley API", level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.goto("/docs/api?api=chat");
  await expect(page.getByRole("heading", { name: "Parley chat runtime API", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
});

test("unknown paths and methods an endpoint does not serve are 404 in the contract's body on both apps", async ({
  request,
}) => {
  const auth = { Authorization: "Bearer bt_unknown" };
  const calls = [
    ["GET", `${viewerUrl}/api/v1/bots/some-bot/startChat`],
    ["DELETE", `${viewerUrl}/api/v1/sessions/some-session/continueChat`],
    ["POST", `${viewerUrl}/api/v1/files/public/a/b/c/d/e`],
    ["GET", `${viewerUrl}/api/v1/no-such-endpoint`],
    ["PUT", "/api/v1/bots/some-bot/startChat"],
    ["GET", "/api/v1/sessions/some-session/updateBot"],
    ["GET", "/api/v1/no-such-endpoint"],
  ] as const;
  for (const [method, url] of calls) {
    const response = await request.fetch(url, { method, headers: auth });
    await expectContractError(response, 404, "NOT_FOUND");
    expect(await response.json(), `${method} ${url}`).toEqual({
      code: "NOT_FOUND",
      message: "Not found",
      issues: [],
    });
  }
});

test("the mounts answer auth, body and size errors in the contract's body", async ({ page, user }) => {
  // The signed-in page's context: its cookie creates the API token; the REST calls use only the token.
  const request = page.request;
  const { botId, publicId, token } = await createPublishedBot(request, user.workspaceId, embedBot);
  const chatKey = await readChatKey(request, botId, token);
  const startUrl = `${viewerUrl}/api/v1/bots/${publicId}/startChat`;

  for (const url of ["/api/v1/workspaces", `/api/v1/bots/${botId}`]) {
    const response = await request.get(url, { headers: { Authorization: "Basic eDp5" } });
    await expectContractError(response, 401, "UNAUTHORIZED");
    expect(await response.json()).toEqual(contractBodies.UNAUTHORIZED);
  }
  const noHeader = await request.post(startUrl, { data: {} });
  await expectContractError(noHeader, 401, "UNAUTHORIZED");
  expect(await noHeader.json()).toEqual(contractBodies.UNAUTHORIZED);
  await expectContractError(
    await request.get("/api/v1/workspaces", { headers: { Authorization: "Bearer bt_unknown" } }),
    403,
    "FORBIDDEN",
  );

  const targets = [
    { url: `/api/v1/bots/${botId}`, method: "PATCH", token },
    { url: startUrl, method: "POST", token: chatKey },
  ];
  for (const { url, method, token: bearer } of targets) {
    const send = (data: string, contentType: string) =>
      request.fetch(url, {
        method,
        data,
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": contentType },
      });
    await expectContractError(await send("{oops", "application/json"), 400, "BAD_REQUEST", "INVALID_JSON");
    await expectContractError(await send("{}", "text/plain"), 400, "BAD_REQUEST", "UNSUPPORTED_CONTENT_TYPE");
    const huge = JSON.stringify({ padding: "x".repeat(2 * 1024 * 1024) });
    await expectContractError(await send(huge, "application/json"), 400, "BAD_REQUEST", "PAYLOAD_TOO_LARGE");
  }

  const started = await request.post(startUrl, { data: {}, headers: { Authorization: `Bearer ${chatKey}` } });
  expect(started.status()).toBe(200);
  // The builder answers the chat endpoints as well.
  const onBuilder = await request.post(`/api/v1/bots/${publicId}/startChat`, {
    data: {},
    headers: { Authorization: `Bearer ${chatKey}` },
  });
  expect(onBuilder.status()).toBe(200);
  expect(started.headers()["x-request-id"]).toBeTruthy();
  const { sessionId } = await started.json();
  const updated = await request.post(`${viewerUrl}/api/v1/sessions/${sessionId}/updateBot`, {
    headers: { Authorization: `Bearer ${chatKey}` },
  });
  expect(await updated.json()).toEqual({ message: "success" });
});
