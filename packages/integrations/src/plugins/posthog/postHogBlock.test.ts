import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApiKey, createWorkspaceWithCredentials } from "../../testing/integrationFixtures";
import {
  pluginTestNow,
  runPluginBlock,
  type ServiceServer,
  startServiceServer,
} from "../../testing/pluginHarness";

const apiKey = createTestApiKey("phc");
let posthog: ServiceServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

beforeAll(async () => {
  posthog = await startServiceServer();
  workspace = await createWorkspaceWithCredentials([
    { type: "posthog", name: "project", data: { apiKey, host: `${posthog.origin}/` } },
  ]);
});
afterAll(() => posthog.close());
beforeEach(() => {
  posthog.received.length = 0;
  posthog.answer = null;
});

const runPostHog = (options: Record<string, unknown>) =>
  runPluginBlock(workspace.workspaceId, {
    id: "posthog",
    type: "posthog",
    options: { credentialsId: workspace.credentialsIds.project, ...options },
  });

const sentEvent = () => {
  expect(posthog.received).toHaveLength(1);
  const [request] = posthog.received;
  return { request: request!, body: JSON.parse(request!.body) as Record<string, unknown> };
};

describe("PostHog block against PostHog's capture API", () => {
  it("captures an event with its properties, person properties and groups, variables replaced", async () => {
    const { logs, chat } = await runPostHog({
      action: "Capture",
      distinctId: "{{Email}}",
      event: "lead_captured",
      properties: [
        { key: "plan", value: "{{Plan}}" },
        { key: "source", value: "chat" },
      ],
      personProperties: [{ key: "email", value: "{{Email}}" }],
      groups: [{ type: "company", key: "acme" }],
    });
    expect(logs).toEqual([{ status: "success", description: "PostHog: lead_captured sent" }]);
    expect(chat.outcome.response.logs ?? []).toEqual([]);
    const { request, body } = sentEvent();
    expect(`${request.method} ${request.path}`).toBe("POST /i/v0/e/");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(body).toEqual({
      api_key: apiKey,
      event: "lead_captured",
      distinct_id: "ada@example.com",
      properties: {
        plan: "pro",
        source: "chat",
        $set: { email: "ada@example.com" },
        $groups: { company: "acme" },
        $lib: "parley",
      },
      timestamp: pluginTestNow.toISOString(),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it("sends an anonymous capture under a fresh distinct id without a person profile", async () => {
    await runPostHog({ action: "Capture", isAnonymous: true, distinctId: "ignored", event: "visit" });
    const { body } = sentEvent();
    expect(body.distinct_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.properties).toEqual({ $process_person_profile: false, $lib: "parley" });
  });

  it("identifies a user as the $identify event with $set", async () => {
    await runPostHog({
      action: "Identify User",
      userId: "{{Email}}",
      properties: [{ key: "plan", value: "{{Plan}}" }],
    });
    const { body } = sentEvent();
    expect(body).toMatchObject({
      event: "$identify",
      distinct_id: "ada@example.com",
      properties: { $set: { plan: "pro" }, $lib: "parley" },
    });
  });

  it("identifies a group as the $groupidentify event with $group_set", async () => {
    await runPostHog({
      action: "Identify Group",
      groupType: "company",
      groupKey: "acme",
      properties: [{ key: "seats", value: "12" }],
    });
    const { body } = sentEvent();
    expect(body).toMatchObject({
      event: "$groupidentify",
      distinct_id: "$company_acme",
      properties: { $group_type: "company", $group_key: "acme", $group_set: { seats: "12" } },
    });
  });

  it("logs PostHog's refusal without the key, and sends nothing when the event name is empty", async () => {
    posthog.answer = (_request, response) =>
      response
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ type: "authentication_error", detail: `Project API key invalid: ${apiKey}` }));
    const refused = await runPostHog({ action: "Capture", distinctId: "a", event: "e" });
    expect(refused.logs).toEqual([
      {
        status: "error",
        description: "PostHog refused the event",
        details: "PostHog answered 401: Project API key invalid: [redacted]",
      },
    ]);
    posthog.received.length = 0;
    const empty = await runPostHog({ action: "Capture", distinctId: "a", event: "  " });
    expect(empty.logs).toEqual([
      { status: "error", description: "PostHog Capture: the event name is empty; skipped" },
    ]);
    expect(posthog.received).toEqual([]);
  });

  it("reads no other workspace's credentials", async () => {
    const other = await createWorkspaceWithCredentials([]);
    const { logs } = await runPluginBlock(other.workspaceId, {
      id: "posthog",
      type: "posthog",
      options: {
        credentialsId: workspace.credentialsIds.project,
        action: "Capture",
        distinctId: "a",
        event: "e",
      },
    });
    expect(logs).toEqual([
      {
        status: "error",
        description: "PostHog credentials could not be read",
        details: `Credentials "${workspace.credentialsIds.project}" do not exist in this workspace`,
      },
    ]);
    expect(posthog.received).toEqual([]);
  });
});
