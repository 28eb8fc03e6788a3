import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type GmailProtocolServer,
  readSentGmailMessages,
  startGmailProtocolServer,
} from "../../testing/gmailProtocolServer";
import { createTestApiKey, createWorkspaceWithCredentials } from "../../testing/integrationFixtures";
import { runPluginBlock, type ServiceServer, startServiceServer } from "../../testing/pluginHarness";

const account = {
  clientId: "1234-test.apps.googleusercontent.com",
  clientSecret: createTestApiKey("GOCSPX"),
  refreshToken: createTestApiKey("1//refresh"),
};
let google: GmailProtocolServer;
let files: ServiceServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

beforeAll(async () => {
  google = await startGmailProtocolServer(account);
  files = await startServiceServer();
  files.answer = (_request, response) =>
    response.writeHead(200, { "content-type": "application/pdf" }).end(Buffer.from("%PDF-1.4 invoice"));
  workspace = await createWorkspaceWithCredentials([
    { type: "gmail", name: "mailbox", data: account },
    { type: "gmail", name: "revoked", data: { ...account, refreshToken: "1//revoked" } },
  ]);
});
afterAll(() => Promise.all([google.close(), files.close()]));
beforeEach(() => {
  google.gmailRequests.length = 0;
  google.tokenRequests.length = 0;
});

const runGmail = (options: Record<string, unknown>, credentials = "mailbox") =>
  runPluginBlock(
    workspace.workspaceId,
    {
      id: "mail",
      type: "gmail",
      options: { credentialsId: workspace.credentialsIds[credentials], action: "Send email", ...options },
    },
    { googleEndpoints: { tokenUrl: google.tokenUrl, gmailApiUrl: google.gmailApiUrl } },
  );

const sentMessage = async () => (await readSentGmailMessages(google))[0]!;

describe("Gmail block against Google's token endpoint and the Gmail API", () => {
  it("exchanges the refresh token, sends the MIME message with its attachment, labels it and saves the ids", async () => {
    const { logs, variables } = await runGmail({
      to: "{{Email}}",
      subject: "Your {{Plan}} plan – réservation",
      body: "Hello,\nyour plan is {{Plan}}.",
      from: "Parley Bot <bot@example.com>",
      replyTo: "support@example.com",
      attachments: `${files.origin}/invoice.pdf`,
      label: "Label_1",
      responseMapping: [
        { item: "Message ID", variableId: "v-out" },
        { item: "Thread ID", variableId: "v-out2" },
      ],
    });
    expect(logs).toEqual([{ status: "success", description: "Gmail sent the e-mail to ada@example.com" }]);
    expect(google.tokenRequests).toEqual([
      {
        grant_type: "refresh_token",
        client_id: account.clientId,
        client_secret: account.clientSecret,
        refresh_token: account.refreshToken,
      },
    ]);
    const { request, json, mail } = await sentMessage();
    expect(request.method).toBe("POST");
    expect(request.contentType).toBe("application/json");
    expect(request.authorization).toMatch(/^Bearer ya29\.local-/);
    expect(Object.keys(json)).toEqual(["raw"]);
    expect(mail.to).toMatchObject({ text: "ada@example.com" });
    expect(mail.from).toMatchObject({ text: '"Parley Bot" <bot@example.com>' });
    expect(mail.replyTo).toMatchObject({ text: "support@example.com" });
    expect(mail.subject).toBe("Your pro plan – réservation");
    expect(mail.text).toBe("Hello,\nyour plan is pro.");
    expect(
      mail.attachments.map((file) => [file.filename, file.contentType, file.content.toString()]),
    ).toEqual([["invoice.pdf", "application/pdf", "%PDF-1.4 invoice"]]);
    const labelled = google.gmailRequests[1]!;
    expect(labelled.path).toBe(`/gmail/v1/users/me/messages/${variables["v-out"]}/modify`);
    expect(JSON.parse(labelled.body)).toEqual({ addLabelIds: ["Label_1"] });
    expect(variables["v-out2"]).toBe(variables["v-out"]);
  });

  it("replies in a thread, without a sender of its own (the account's address)", async () => {
    const { variables } = await runGmail({
      to: "ada@example.com",
      subject: "Re: booking",
      body: "Confirmed.",
      threadId: "thread-9",
      replyTo: "ignored@example.com",
      responseMapping: [{ item: "Thread ID", variableId: "v-out" }],
    });
    const { json, mail } = await sentMessage();
    expect(json.threadId).toBe("thread-9");
    expect(mail.from).toBeUndefined();
    expect(mail.replyTo).toBeUndefined();
    expect(variables["v-out"]).toBe("thread-9");
    // The token is kept until it expires: no second exchange.
    expect(google.tokenRequests).toEqual([]);
  });

  it("logs a revoked refresh token, an unknown label and a block without recipient", async () => {
    const revoked = await runGmail({ to: "ada@example.com", subject: "Hi" }, "revoked");
    expect(revoked.logs).toEqual([
      {
        status: "error",
        description: "Gmail could not sign in",
        details: "Google refused the refresh token (invalid_grant: Token has been expired or revoked.)",
      },
    ]);
    const unlabelled = await runGmail({ to: "ada@example.com", subject: "Hi", label: "Label_404" });
    expect(unlabelled.logs).toEqual([
      { status: "success", description: "Gmail sent the e-mail to ada@example.com" },
      {
        status: "error",
        description: "Gmail sent the e-mail but could not add the label Label_404",
        details: "Gmail answered 400: Invalid label: Label_404",
      },
    ]);
    const noRecipient = await runGmail({ subject: "Hi" });
    expect(noRecipient.logs).toEqual([
      { status: "error", description: "Gmail Send email: no recipient; skipped" },
    ]);
  });
});
