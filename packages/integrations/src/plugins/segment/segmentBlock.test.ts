import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApiKey, createWorkspaceWithCredentials } from "../../testing/integrationFixtures";
import {
  pluginTestNow,
  runPluginBlock,
  type ServiceServer,
  startServiceServer,
} from "../../testing/pluginHarness";

const writeKey = createTestApiKey("wk");
let segment: ServiceServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

beforeAll(async () => {
  segment = await startServiceServer();
  workspace = await createWorkspaceWithCredentials([
    { type: "segment", name: "source", data: { apiKey: writeKey, endpoint: segment.origin } },
  ]);
});
afterAll(() => segment.close());
beforeEach(() => {
  segment.received.length = 0;
  segment.answer = null;
});

const runSegment = (options: Record<string, unknown>) =>
  runPluginBlock(workspace.workspaceId, {
    id: "segment",
    type: "segment",
    options: { credentialsId: workspace.credentialsIds.source, ...options },
  });

const sentCall = () => {
  expect(segment.received).toHaveLength(1);
  const [request] = segment.received;
  return { request: request!, body: JSON.parse(request!.body) as Record<string, unknown> };
};

const common = {
  messageId: "parley-result-1-segment-1",
  timestamp: pluginTestNow.toISOString(),
  context: { library: { name: "parley", version: "1" } },
};

describe("Segment block against Segment's HTTP tracking API", () => {
  it("tracks an event with HTTP Basic (the write key as user name) and a message id per visit", async () => {
    const { logs } = await runSegment({
      action: "Track",
      userId: "{{Email}}",
      eventName: "Signed up",
      properties: [{ key: "plan", value: "{{Plan}}" }],
    });
    expect(logs).toEqual([{ status: "success", description: "Segment: event Signed up sent" }]);
    const { request, body } = sentCall();
    expect(`${request.method} ${request.path}`).toBe("POST /v1/track");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${writeKey}:`).toString("base64")}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(body).toEqual({
      userId: "ada@example.com",
      event: "Signed up",
      properties: { plan: "pro" },
      ...common,
    });
  });

  it("identifies a user with traits and the e-mail trait", async () => {
    await runSegment({
      action: "Identify User",
      userId: "user-7",
      email: "{{Email}}",
      traits: [{ key: "plan", value: "{{Plan}}" }],
    });
    const { request, body } = sentCall();
    expect(request.path).toBe("/v1/identify");
    expect(body).toEqual({ userId: "user-7", traits: { plan: "pro", email: "ada@example.com" }, ...common });
  });

  it("sends page and alias calls", async () => {
    await runSegment({ action: "Page", userId: "user-7", name: "Pricing", category: "Docs" });
    expect(sentCall().body).toEqual({
      userId: "user-7",
      name: "Pricing",
      category: "Docs",
      properties: { name: "Pricing", category: "Docs" },
      ...common,
    });
    segment.received.length = 0;
    await runSegment({ action: "Alias", userId: "user-7", previousId: "anon-1" });
    const { request, body } = sentCall();
    expect(request.path).toBe("/v1/alias");
    expect(body).toEqual({ userId: "user-7", previousId: "anon-1", ...common });
  });

  it("logs Segment's refusal without the key", async () => {
    segment.answer = (_request, response) =>
      response
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "Invalid write key" }));
    const { logs } = await runSegment({ action: "Track", userId: "u", eventName: "E" });
    expect(logs).toEqual([
      {
        status: "error",
        description: "Segment refused the event E",
        details: "Segment answered 400: Invalid write key",
      },
    ]);
  });
});
