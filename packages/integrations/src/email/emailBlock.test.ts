import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPrisma } from "@parley/db";
import type { DraftBlock } from "@parley/engine/testing";
import { createFlow, createTestPorts, startTestChat } from "@parley/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../files/createUploadStorage";
import { createUploadReader, type ReadUpload } from "../files/fetchFile";
import { createWorkspaceWithCredentials } from "../testing/integrationFixtures";
import { startFileServer } from "../testing/startFileServer";
import type { LocalServer } from "../testing/startLocalServer";
import { type LocalSmtpServer, startSmtpServer } from "../testing/startSmtpServer";
import { createEmailSender } from "./createEmailSender";

const password = "smtp-secret-pass-4242";
let smtp: LocalSmtpServer;
let files: LocalServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: "bot", pass: password } });
  files = await startFileServer(Buffer.from("%PDF-1.4 fake"), "application/pdf");
  workspace = await createWorkspaceWithCredentials([
    {
      type: "smtp",
      name: "local",
      data: {
        host: "127.0.0.1",
        port: smtp.port,
        isTlsEnabled: false,
        username: "bot",
        password,
        from: { email: "bot@parley.test", name: "Parley Bot" },
      },
    },
    {
      type: "smtp",
      name: "wrong password",
      data: {
        host: "127.0.0.1",
        port: smtp.port,
        isTlsEnabled: false,
        username: "bot",
        password: "nope-nope",
        from: { email: "bot@parley.test" },
      },
    },
  ]);
});
afterAll(() => Promise.all([smtp.close(), files.close()]));

const variables = [
  { id: "email", name: "Email", value: "ada@example.com" },
  { id: "name", name: "Name", value: "Ada <script>" },
  { id: "files", name: "Files", value: [] as string[] },
];

async function runEmailBlock(
  options: Record<string, unknown>,
  settings: {
    allowList?: string[];
    files?: string[];
    isPreview?: boolean;
    count?: number;
    readUpload?: ReadUpload;
  } = {},
) {
  const sendEmail = createEmailSender({
    getPrisma,
    allowList: settings.allowList ?? ["127.0.0.1"],
    timeoutMs: 5_000,
    readUpload: settings.readUpload,
  });
  const blocks: DraftBlock[] = Array.from({ length: settings.count ?? 1 }, (_, index) => ({
    id: index === 0 ? "mail" : `mail-${index + 1}`,
    type: "Email",
    options: {
      credentialsId: workspace.credentialsIds.local,
      ...options,
      ...(index > 0 ? { subject: `${options.subject} #${index + 1}` } : {}),
    },
  }));
  const flow = createFlow({
    workspaceId: workspace.workspaceId,
    botId: "bot-7",
    variables: variables.map((variable) =>
      variable.id === "files" ? { ...variable, value: settings.files ?? [] } : variable,
    ),
    groups: [
      {
        id: "g",
        title: "Contact",
        blocks: [{ id: "ask", type: "text input", options: { variableId: "name" } }],
      },
      { id: "h", title: "Mail", blocks: [...blocks, { id: "end", type: "text input", options: {} }] },
    ],
    edges: [{ id: "e", from: { blockId: "ask" }, to: { groupId: "h" } }],
  });
  const chat = await startTestChat(
    {
      ...flow,
      groups: [
        { ...flow.groups[0]!, blocks: [{ ...flow.groups[0]!.blocks[0]!, outgoingEdgeId: "e" }] },
        flow.groups[1]!,
      ],
    },
    { ports: createTestPorts({ sendEmail }), isPreview: settings.isPreview ?? false },
  );
  await chat.send("Ada <script>");
  return chat;
}

describe("Email block over SMTP", () => {
  it("delivers to the recipients, cc and bcc with the subject and a plain body with variables", async () => {
    const before = smtp.messages.length;
    const chat = await runEmailBlock({
      recipients: ["{{Email}}", "second@example.com, third@example.com"],
      cc: ["cc@example.com"],
      bcc: ["hidden@example.com"],
      replyTo: "support@example.com",
      subject: "Hello {{Name}}",
      body: "Thanks {{Name}}!",
      isCustomBody: true,
    });
    expect(chat.outcome.logsToPersist).toContainEqual(
      expect.objectContaining({ status: "success", description: "E-mail sent" }),
    );
    const message = smtp.messages[before]!;
    expect(message.envelope.from).toBe("bot@parley.test");
    expect(message.envelope.to.sort()).toEqual(
      [
        "ada@example.com",
        "cc@example.com",
        "hidden@example.com",
        "second@example.com",
        "third@example.com",
      ].sort(),
    );
    expect(message.addresses("to")).toEqual(["ada@example.com", "second@example.com", "third@example.com"]);
    expect(message.addresses("cc")).toEqual(["cc@example.com"]);
    expect(message.addresses("replyTo")).toEqual(["support@example.com"]);
    expect(message.parsed.from?.value[0]).toMatchObject({ name: "Parley Bot", address: "bot@parley.test" });
    expect(message.parsed.subject).toBe("Hello Ada <script>");
    expect(message.parsed.text?.trim()).toBe("Thanks Ada <script>!");
    expect(message.parsed.html).toBe(false);
  });

  it("sends an HTML body with escaped values, and file variables as attachments", async () => {
    const before = smtp.messages.length;
    await runEmailBlock(
      {
        recipients: ["{{Email}}"],
        subject: "Files",
        body: "<p>Hi {{Name}}</p>",
        isCustomBody: true,
        isBodyCode: true,
        attachmentsVariableId: "files",
      },
      { files: [`${files.origin}/uploads/quote.pdf`] },
    );
    const message = smtp.messages[before]!;
    expect(message.parsed.html).toContain("<p>Hi Ada &lt;script&gt;</p>");
    expect(message.parsed.attachments).toEqual([
      expect.objectContaining({
        filename: "quote.pdf",
        contentType: "application/pdf",
        content: Buffer.from("%PDF-1.4 fake"),
      }),
    ]);
  });

  it("attaches a file uploaded to this server from its storage, and only the workspace's own", async () => {
    const storage = createLocalStorage(await mkdtemp(path.join(tmpdir(), "parley-uploads-")));
    const viewerUrl = "http://localhost:3001";
    const readUpload = createUploadReader({ storage, maxBytes: 1_000, viewerUrl });
    const keyOf = (workspaceId: string) => `private/${workspaceId}/bot-7/result-1/file-1/cv.pdf`;
    for (const workspaceId of [workspace.workspaceId, "another-workspace"])
      await storage.writeLocal(keyOf(workspaceId), new Blob(["%PDF cv"]).stream(), "application/pdf", 1_000);
    const before = smtp.messages.length;
    await runEmailBlock(
      { recipients: ["{{Email}}"], subject: "CV", attachmentsVariableId: "files" },
      { files: [`${viewerUrl}/api/v1/files/${keyOf(workspace.workspaceId)}`], readUpload },
    );
    expect(smtp.messages[before]?.parsed.attachments).toEqual([
      expect.objectContaining({ filename: "cv.pdf", content: Buffer.from("%PDF cv") }),
    ]);
    const foreign = await runEmailBlock(
      { recipients: ["{{Email}}"], subject: "CV", attachmentsVariableId: "files" },
      { files: [`${viewerUrl}/api/v1/files/${keyOf("another-workspace")}`], readUpload, allowList: [] },
    );
    expect(foreign.outcome.logsToPersist.find((log) => log.context === "mail")).toMatchObject({
      status: "error",
      details: expect.stringMatching(/could not be downloaded/),
    });
    expect(smtp.messages.length).toBe(before + 1);
  });

  it("sends the default summary of the answers with a link to the results", async () => {
    const before = smtp.messages.length;
    await runEmailBlock({ recipients: ["owner@example.com"], isCustomBody: false });
    const message = smtp.messages[before]!;
    expect(message.parsed.subject).toBe("New answers from your bot");
    expect(message.parsed.text).toContain("Name: Ada <script>");
    expect(message.parsed.text).toMatch(/See all results: http:\/\/localhost:3000\/bots\/bot-7\/results/);
    expect(message.parsed.html).toContain("Ada &lt;script&gt;");
  });

  it("sends at most five e-mails in one turn and logs the others", async () => {
    const before = smtp.messages.length;
    const chat = await runEmailBlock({ recipients: ["a@example.com"], subject: "Loop" }, { count: 7 });
    expect(smtp.messages.slice(before).map((message) => message.parsed.subject)).toEqual([
      "Loop",
      "Loop #2",
      "Loop #3",
      "Loop #4",
      "Loop #5",
    ]);
    const skipped = chat.outcome.logsToPersist.filter((log) => log.description.startsWith("More than 5"));
    expect(skipped.map((log) => log.context)).toEqual(["mail-6", "mail-7"]);
    expect(chat.outcome.response.input?.id).toBe("end");
  });

  it("sends nothing in preview and says so with an info log", async () => {
    const before = smtp.connections;
    const chat = await runEmailBlock({ recipients: ["a@example.com"], subject: "x" }, { isPreview: true });
    expect(chat.outcome.response.logs).toEqual([
      expect.objectContaining({
        status: "info",
        description: "E-mails are not sent in preview",
        context: "mail",
      }),
    ]);
    expect(smtp.connections).toBe(before);
    expect(chat.outcome.response.input?.id).toBe("end");
  });

  it("logs a refused login without the password and goes on", async () => {
    const chat = await runEmailBlock({
      credentialsId: workspace.credentialsIds["wrong password"],
      recipients: ["a@example.com"],
      subject: "x",
    });
    const log = chat.outcome.logsToPersist.find((entry) => entry.context === "mail");
    expect(log).toMatchObject({ status: "error", description: "E-mail could not be sent" });
    expect(log?.details).toMatch(/EAUTH/);
    expect(JSON.stringify(chat.outcome)).not.toContain(password);
    expect(chat.outcome.response.input?.id).toBe("end");
    expect(chat.outcome.response.logs).toEqual([]);
  });

  it("refuses an SMTP host on 127.0.0.1 without the allow-list, before connecting", async () => {
    const before = smtp.connections;
    const chat = await runEmailBlock({ recipients: ["a@example.com"], subject: "x" }, { allowList: [] });
    const log = chat.outcome.logsToPersist.find((entry) => entry.context === "mail");
    expect(log?.details).toMatch(/refused by the outbound rules/);
    expect(smtp.connections).toBe(before);
  });

  it("refuses another workspace's SMTP credentials", async () => {
    const other = await createWorkspaceWithCredentials([
      {
        type: "smtp",
        name: "theirs",
        data: { host: "127.0.0.1", port: smtp.port, isTlsEnabled: false, from: { email: "x@example.com" } },
      },
    ]);
    const before = smtp.connections;
    const chat = await runEmailBlock({
      credentialsId: other.credentialsIds.theirs,
      recipients: ["a@example.com"],
      subject: "x",
    });
    const log = chat.outcome.logsToPersist.find((entry) => entry.context === "mail");
    expect(log?.details).toBe(`Credentials "${other.credentialsIds.theirs}" do not exist in this workspace`);
    expect(smtp.connections).toBe(before);
  });

  it("verifies the server certificate on TLS connections", async () => {
    const tlsServer = await startSmtpServer({ tls: true });
    try {
      const sendEmail = createEmailSender({
        getPrisma,
        allowList: ["127.0.0.1"],
        timeoutMs: 5_000,
        platformAccount: {
          host: "127.0.0.1",
          port: tlsServer.port,
          isTlsEnabled: true,
          from: { email: "a@parley.test" },
          isTrusted: true,
        },
      });
      const result = await sendEmail({
        workspaceId: workspace.workspaceId,
        botId: "b",
        resultId: "r",
        credentialsId: "default",
        recipients: ["a@example.com"],
        cc: [],
        bcc: [],
        replyTo: null,
        subject: "TLS",
        body: "x",
        isHtml: false,
        attachmentUrls: [],
        answers: [],
      });
      expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/certificate/i) });
      expect(tlsServer.messages).toHaveLength(0);
    } finally {
      await tlsServer.close();
    }
  });
});
