import { describe, expect, it } from "vitest";
import type { AiBlockRequest, SendEmailRequest } from "../ports";
import type { DraftBlock } from "../testing";
import { createFlow, createTestPorts, getMessageTexts, startTestChat, textBlock } from "../testing";

const variables = [
  { id: "email", name: "Email", value: "ada@example.com" },
  { id: "name", name: "Name", value: "<b>Ada</b>" },
  { id: "files", name: "Files", value: ["https://f.test/a.pdf", "not a url"] },
  { id: "answer", name: "Answer" },
  { id: "tokens", name: "Tokens" },
];

const flowWith = (...blocks: DraftBlock[]) =>
  createFlow({
    variables,
    groups: [{ id: "g", title: "G", blocks: [...blocks, { id: "ask", type: "text input", options: {} }] }],
  });

const emailBlock = (options: Record<string, unknown> = {}): DraftBlock => ({
  id: "mail",
  type: "Email",
  options: {
    recipients: ["{{Email}}, boss@example.com"],
    subject: "Hello {{Name}}",
    body: "<p>{{Name}}</p>",
    isCustomBody: true,
    isBodyCode: true,
    attachmentsVariableId: "files",
    ...options,
  },
});

/** A recording e-mail port: what the runtime's SMTP implementation would receive. */
const createRecordingEmailPort = () => {
  const sent: SendEmailRequest[] = [];
  const sendEmail = async (request: SendEmailRequest) => {
    sent.push(request);
    return { ok: true as const };
  };
  return { sent, ports: createTestPorts({ sendEmail }) };
};

describe("Email block", () => {
  it("sends through the port with variables, escaped HTML values and file attachments", async () => {
    const { sent, ports } = createRecordingEmailPort();
    const chat = await startTestChat(flowWith(emailBlock()), { ports });
    expect(sent).toEqual([
      expect.objectContaining({
        recipients: ["ada@example.com", "boss@example.com"],
        subject: "Hello <b>Ada</b>",
        body: "<p>&lt;b&gt;Ada&lt;/b&gt;</p>",
        isHtml: true,
        attachmentUrls: ["https://f.test/a.pdf"],
        resultId: "result-1",
        workspaceId: "workspace-1",
      }),
    ]);
    expect(chat.outcome.logsToPersist[0]).toMatchObject({ status: "success", description: "E-mail sent" });
    expect(chat.outcome.response.logs).toEqual([]);
  });

  it("sends the default body (null) when the body is not custom", async () => {
    const { sent, ports } = createRecordingEmailPort();
    await startTestChat(flowWith(emailBlock({ isCustomBody: false })), { ports });
    expect(sent[0]?.body).toBeNull();
  });

  it("is skipped in preview, without a port, and when the same e-mail repeats in a turn", async () => {
    const preview = await startTestChat(flowWith(emailBlock()), { isPreview: true });
    expect(preview.outcome.response.logs[0]).toMatchObject({
      status: "info",
      description: "E-mails are not sent in preview",
    });
    const noPort = await startTestChat(flowWith(emailBlock()));
    expect(noPort.outcome.logsToPersist[0]?.description).toBe(
      "E-mail sending is not configured on this server; skipped",
    );
    const { sent, ports } = createRecordingEmailPort();
    const twice = await startTestChat(flowWith(emailBlock(), { ...emailBlock(), id: "mail2" }), { ports });
    expect(sent).toHaveLength(1);
    expect(twice.outcome.logsToPersist[1]?.description).toBe(
      "The same e-mail was already sent this turn; skipped",
    );
  });

  it("logs a failed send and goes on", async () => {
    const ports = createTestPorts({ sendEmail: async () => ({ ok: false, error: "SMTP said no" }) });
    const chat = await startTestChat(flowWith(emailBlock()), { ports });
    expect(chat.outcome.logsToPersist[0]).toMatchObject({ status: "error", details: "SMTP said no" });
    expect(chat.outcome.response.input?.id).toBe("ask");
  });
});

describe("AI blocks", () => {
  const aiBlock: DraftBlock = { id: "ai", type: "openai", options: { action: "Create chat completion" } };

  it("run through the AI port: variables in, variables and logs out", async () => {
    const requests: AiBlockRequest[] = [];
    const ports = createTestPorts({
      ai: {
        blockTypes: ["openai"],
        executeBlock: async (request) => {
          requests.push(request);
          return {
            variableUpdates: [
              { variableId: "answer", value: `Hello ${request.parseVariables("{{Email}}")}` },
            ],
            logs: [{ status: "info", description: "used 12 tokens" }],
          };
        },
      },
    });
    const chat = await startTestChat(flowWith(aiBlock, textBlock("show", "{{Answer}}")), { ports });
    expect(getMessageTexts(chat.outcome)).toEqual(["Hello ada@example.com"]);
    expect(requests[0]?.streamVariableId).toBeNull();
    expect(chat.outcome.logsToPersist[0]).toMatchObject({ description: "used 12 tokens", context: "ai" });
    expect(chat.outcome.response.logs).toEqual([]);
  });

  it("stream when the client streams and the next bubble shows the answer variable alone", async () => {
    const ports = createTestPorts({
      ai: {
        blockTypes: ["openai"],
        executeBlock: async (request) => ({
          variableUpdates: [],
          logs: [],
          ...(request.streamVariableId ? { stream: { variableId: request.streamVariableId } } : {}),
        }),
      },
    });
    const chat = await startTestChat(
      flowWith(aiBlock, textBlock("show", "{{Answer}}"), textBlock("after", "Done")),
      {
        ports,
        isStreamEnabled: true,
      },
    );
    expect(chat.outcome.response.clientSideActions).toEqual([
      { type: "stream", stream: true, expectsDedicatedReply: true },
    ]);
    const next = await chat.send("The streamed answer");
    expect(getMessageTexts(next)).toEqual(["Done"]);
    expect(next.result.variables).toContainEqual({
      id: "answer",
      name: "Answer",
      value: "The streamed answer",
    });
  });

  it("are logged and skipped without an AI port", async () => {
    const chat = await startTestChat(flowWith(aiBlock), { isPreview: true });
    expect(chat.outcome.response.logs[0]?.description).toBe(
      'AI block "openai" is not configured on this server; skipped',
    );
  });
});

describe("client-side integrations", () => {
  it("Chatwoot loads the widget with user details as arguments", async () => {
    const chat = await startTestChat(
      flowWith({
        id: "cw",
        type: "Chatwoot",
        options: { websiteToken: "tok", user: { email: "{{Email}}", id: "u1" } },
      }),
    );
    const [action] = chat.outcome.response.clientSideActions;
    expect(action?.type).toBe("chatwoot");
    const args = action?.type === "chatwoot" ? action.chatwoot.scriptToExecute.args : [];
    expect(args).toContainEqual({ id: "userEmail", value: "ada@example.com" });
    expect(args).toContainEqual({ id: "baseUrl", value: "https://app.chatwoot.com" });
  });

  it("Google Analytics and Pixel emit their events live, and only log in preview", async () => {
    const blocks: DraftBlock[] = [
      { id: "ga", type: "Google Analytics", options: { trackingId: "G-1", action: "signup", value: "3" } },
      {
        id: "px",
        type: "Pixel",
        options: { pixelId: "123", eventType: "Lead", params: [{ id: "p", key: "who", value: "{{Email}}" }] },
      },
    ];
    const live = await startTestChat(flowWith(...blocks));
    expect(live.outcome.response.clientSideActions).toEqual([
      {
        type: "startPropsToInject",
        startPropsToInject: {
          googleAnalyticsId: "G-1",
          pixelIds: ["123"],
          gtmId: null,
          customHeadCode: null,
        },
      },
      {
        type: "googleAnalytics",
        googleAnalytics: {
          trackingId: "G-1",
          category: null,
          action: "signup",
          label: null,
          value: 3,
          sendTo: null,
        },
      },
      {
        type: "pixel",
        pixel: {
          pixelId: "123",
          eventType: "Lead",
          name: null,
          params: [{ key: "who", value: "ada@example.com" }],
        },
      },
    ]);
    const preview = await startTestChat(flowWith(...blocks), { isPreview: true });
    expect(preview.outcome.response.clientSideActions).toEqual([]);
    expect(preview.outcome.response.logs.map((log) => log.status)).toEqual(["info", "info", "info"]);
  });

  it("Google Sheets without a port is logged as not configured and the flow goes on", async () => {
    const chat = await startTestChat(flowWith({ id: "gs", type: "Google Sheets", options: {} }), {
      isPreview: true,
    });
    expect(chat.outcome.response.logs[0]?.description).toBe(
      "Google Sheets is not configured on this server; skipped",
    );
    expect(chat.outcome.response.input?.id).toBe("ask");
  });
});
