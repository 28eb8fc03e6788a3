import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApiKey, createWorkspaceWithCredentials } from "../../testing/integrationFixtures";
import { runPluginBlock } from "../../testing/pluginHarness";
import { startZendeskProtocolServer, type ZendeskProtocolServer } from "../../testing/zendeskProtocolServer";
import { toZendeskOrigin } from "./runZendesk";

const agent = { email: "agent@acme.test", apiToken: createTestApiKey("zd") };
const messagingSecret = createTestApiKey("zd-secret");
let zendesk: ZendeskProtocolServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

beforeAll(async () => {
  zendesk = await startZendeskProtocolServer(agent);
  workspace = await createWorkspaceWithCredentials([
    {
      type: "zendesk",
      name: "account",
      data: {
        subdomain: zendesk.origin,
        email: agent.email,
        apiToken: agent.apiToken,
        webWidgetKey: "acc-widget-key",
        conversationsKeyId: "app_64ab",
        conversationsSecretKey: messagingSecret,
      },
    },
    {
      type: "zendesk",
      name: "wrongToken",
      data: { subdomain: zendesk.origin, email: agent.email, apiToken: "not-the-token" },
    },
    { type: "zendesk", name: "widgetOnly", data: { webWidgetKey: "only-widget-key" } },
  ]);
});
afterAll(() => zendesk.close());
beforeEach(() => {
  zendesk.received.length = 0;
  zendesk.retryAfterSeconds = null;
});

const runZendesk = (options: Record<string, unknown>, credentials: string | null = "account") =>
  runPluginBlock(workspace.workspaceId, {
    id: "zendesk",
    type: "zendesk",
    options: {
      ...(credentials ? { credentialsId: workspace.credentialsIds[credentials] } : {}),
      ...options,
    },
  });

const ticketOptions = {
  action: "Create Ticket",
  subject: "Upgrade to {{Plan}}",
  body: "Hello,\nI would like to upgrade.",
  name: "Ada Lovelace",
  email: "{{Email}}",
  priority: "high",
  tags: "chatbot, {{Plan}}  upgrade",
  customFields: [{ key: "360001", value: "{{Plan}}" }],
  saveTicketIdInVariableId: "v-out",
  saveTicketUrlInVariableId: "v-out2",
};

const decodeJwt = (jwt: string) => {
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString("utf8")),
    payload: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")),
    isSignedWith: (secret: string) =>
      createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url") === signature,
  };
};

describe("Zendesk Create Ticket against Zendesk's ticket API", () => {
  it("posts the ticket with basic auth and saves its id and agent link", async () => {
    const { logs, variables } = await runZendesk(ticketOptions);
    expect(zendesk.received).toHaveLength(1);
    const [request] = zendesk.received;
    expect(`${request!.method} ${request!.path}`).toBe("POST /api/v2/tickets.json");
    expect(request!.authorization).toBe(
      `Basic ${Buffer.from(`agent@acme.test/token:${agent.apiToken}`).toString("base64")}`,
    );
    expect(request!.contentType).toBe("application/json");
    expect(request!.body).toBe(
      JSON.stringify({
        ticket: {
          subject: "Upgrade to pro",
          comment: { body: "Hello,\nI would like to upgrade." },
          requester: { name: "Ada Lovelace", email: "ada@example.com" },
          priority: "high",
          tags: ["chatbot", "pro", "upgrade"],
          custom_fields: [{ id: 360001, value: "pro" }],
        },
      }),
    );
    expect(logs).toEqual([{ status: "success", description: "Zendesk ticket #101 created" }]);
    expect(variables["v-out"]).toBe("101");
    expect(variables["v-out2"]).toBe(`${zendesk.origin}/agent/tickets/101`);
    expect(zendesk.tickets.get(101)).toMatchObject({ subject: "Upgrade to pro", priority: "high" });
  });

  it("sends only what the block has: no requester, subject or tags when empty", async () => {
    await runZendesk({ action: "Create Ticket", body: "Call me back" });
    expect(JSON.parse(zendesk.received[0]!.body)).toEqual({ ticket: { comment: { body: "Call me back" } } });
  });

  it("logs Zendesk's 401 without the token", async () => {
    const { logs, variables } = await runZendesk(ticketOptions, "wrongToken");
    expect(logs).toEqual([
      {
        status: "error",
        description: "Zendesk refused the account's credentials",
        details: "Zendesk answered 401: Couldn't authenticate you",
      },
    ]);
    expect(variables["v-out"]).toBeUndefined();
    expect(JSON.stringify(logs)).not.toContain("not-the-token");
  });

  it("logs Zendesk's 422 record errors field by field", async () => {
    const { logs, variables } = await runZendesk({ ...ticketOptions, email: "ada at example" });
    expect(logs).toEqual([
      {
        status: "error",
        description: "Zendesk refused the ticket",
        details:
          "Zendesk answered 422: Record validation errors; requester: Requester: Email is not properly formatted",
      },
    ]);
    expect(variables["v-out"]).toBeUndefined();
  });

  it("logs Zendesk's 429 with its Retry-After", async () => {
    zendesk.retryAfterSeconds = 37;
    const ticketsBefore = zendesk.tickets.size;
    const { logs } = await runZendesk(ticketOptions);
    expect(logs).toEqual([
      {
        status: "error",
        description: "Zendesk limited the account's requests; no ticket was created",
        details: "Zendesk answered 429: retry after 37 seconds",
      },
    ]);
    expect(zendesk.tickets.size).toBe(ticketsBefore);
  });

  it("skips with a log, without calling Zendesk, when the block cannot make a ticket", async () => {
    expect((await runZendesk({ action: "Create Ticket", body: "  " })).logs).toEqual([
      { status: "error", description: "Zendesk Create Ticket: the description is empty; skipped" },
    ]);
    expect((await runZendesk({ action: "Create Ticket", body: "Hi" }, null)).logs).toEqual([
      { status: "error", description: "Zendesk block has no account; skipped" },
    ]);
    expect((await runZendesk({ action: "Create Ticket", body: "Hi" }, "widgetOnly")).logs).toEqual([
      {
        status: "error",
        description:
          "Zendesk Create Ticket: the account needs its subdomain, agent e-mail and API token; skipped",
      },
    ]);
    expect(
      (await runZendesk({ action: "Create Ticket", body: "Hi", customFields: [{ key: "Plan", value: "x" }] }))
        .logs,
    ).toEqual([
      {
        status: "error",
        description: 'Zendesk Create Ticket: custom field "Plan" is not a field ID (a number); skipped',
      },
    ]);
    expect(zendesk.received).toEqual([]);
  });
});

describe("Zendesk Open Web Widget", () => {
  it("sends the widget key and a JWT signed here with the messaging key, never the secret", async () => {
    const { chat, logs } = await runZendesk({
      action: "Open Web Widget",
      userId: "user-{{Plan}}",
      name: "Ada",
      email: "{{Email}}",
    });
    const actions = chat.outcome.response.clientSideActions;
    expect(actions).toHaveLength(1);
    const action = actions[0]!;
    expect(action.type).toBe("zendesk");
    if (action.type !== "zendesk") return;
    expect(action.zendesk.key).toBe("acc-widget-key");
    const jwt = decodeJwt(action.zendesk.jwt ?? "");
    expect(jwt.header).toEqual({ alg: "HS256", typ: "JWT", kid: "app_64ab" });
    expect(jwt.payload).toEqual({
      scope: "user",
      external_id: "user-pro",
      name: "Ada",
      email: "ada@example.com",
      email_verified: false,
    });
    expect(jwt.isSignedWith(messagingSecret)).toBe(true);
    expect(JSON.stringify(chat.outcome)).not.toContain(messagingSecret);
    expect(logs).toEqual([{ status: "success", description: "Zendesk messaging opened, visitor signed in" }]);
    expect(zendesk.received).toEqual([]);
  });

  it("opens for an anonymous visitor with the block's key, without an account", async () => {
    const { chat, logs } = await runZendesk(
      { action: "Open Web Widget", webWidgetKey: "block-key", isEmailVerified: true },
      null,
    );
    expect(chat.outcome.response.clientSideActions).toEqual([
      { type: "zendesk", zendesk: { key: "block-key", jwt: null } },
    ]);
    expect(logs).toEqual([{ status: "success", description: "Zendesk messaging opened" }]);
  });

  it("says the e-mail is verified only when the block says so", async () => {
    const { chat } = await runZendesk({
      action: "Open Web Widget",
      userId: "u1",
      email: "{{Email}}",
      isEmailVerified: true,
    });
    const action = chat.outcome.response.clientSideActions[0]!;
    if (action.type !== "zendesk") throw new Error(action.type);
    expect(decodeJwt(action.zendesk.jwt ?? "").payload).toEqual({
      scope: "user",
      external_id: "u1",
      email: "ada@example.com",
      email_verified: true,
    });
  });

  it("opens anonymously, with an error log, when the account cannot sign a visitor in; skips without a key", async () => {
    const unsigned = await runZendesk({ action: "Open Web Widget", userId: "u1" }, "widgetOnly");
    expect(unsigned.chat.outcome.response.clientSideActions).toEqual([
      { type: "zendesk", zendesk: { key: "only-widget-key", jwt: null } },
    ]);
    expect(unsigned.logs.map((log) => log.description)).toEqual([
      "Zendesk Open Web Widget: the visitor was not signed in",
      "Zendesk messaging opened",
    ]);
    const keyless = await runZendesk({ action: "Open Web Widget" }, null);
    expect(keyless.chat.outcome.response.clientSideActions).toEqual([]);
    expect(keyless.logs).toEqual([
      { status: "error", description: "Zendesk Open Web Widget: no web widget key; skipped" },
    ]);
  });
});

describe("toZendeskOrigin", () => {
  it("reads a subdomain, its host or an origin", () => {
    expect(toZendeskOrigin("acme")).toBe("https://acme.zendesk.com");
    expect(toZendeskOrigin("acme.zendesk.com")).toBe("https://acme.zendesk.com");
    expect(toZendeskOrigin("https://acme.zendesk.com/")).toBe("https://acme.zendesk.com");
    expect(toZendeskOrigin("http://127.0.0.1:4000")).toBe("http://127.0.0.1:4000");
  });
});
