import { createId, getPgPool, getPrisma } from "@parley/db";
import { emailSendJob } from "@parley/integrations/email/emailSendJob";
import type { LocalSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it, vi } from "vitest";
import { createBuilderClient } from "../../testing/builderClient";
import { callApi } from "../../testing/fixtures";
import { deliverEmailsTo } from "../../testing/installSmtpAccount";

// The install's SMTP account is a real SMTP server on loopback, started before the imports (they read it).
const smtp: LocalSmtpServer = await vi.hoisted(async () => {
  const { server, variables } = await (
    await import("../../testing/installSmtpAccount")
  ).startInstallSmtpAccount();
  Object.assign(process.env, variables);
  return server;
});
const messagesTo = await deliverEmailsTo(smtp);

const prisma = getPrisma();

/** The invitation link's secret in the last e-mail sent to `email`, once `count` e-mails arrived. */
async function linkSentTo(email: string, count = 1) {
  await expect.poll(() => messagesTo(email).length, { timeout: 10_000 }).toBe(count);
  const text = messagesTo(email).at(-1)?.parsed.text ?? "";
  const link = /https:\/\/builder\.parley\.test\/invitations\/([A-Za-z0-9_-]{43})/.exec(text);
  expect(link).not.toBeNull();
  return link?.[1] ?? "";
}

describe("invitation e-mails", () => {
  it("e-mails the link through the install's SMTP account; the link read from the e-mail creates the account and joins", async () => {
    const team = await createTestTeam();
    const email = `invited-${createId()}@example.test`;
    const sent = await callApi("POST", `/workspaces/${team.workspaceId}/invitations`, {
      token: team.admin.token,
      body: { invitation: { email, role: "MEMBER" } },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.invitation).toMatchObject({ email, emailSent: true });
    const token = await linkSentTo(email);
    expect(sent.body.invitation.url).toBe(`https://builder.parley.test/invitations/${token}`);
    const [message] = messagesTo(email);
    expect(message?.envelope.from).toBe("accounts@parley.test");
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } });
    expect(message?.parsed.subject).toBe(`Join ${workspace.name} on Parley`);
    expect(message?.parsed.text).toContain(`${team.admin.email} invites you`);
    expect(message?.parsed.text).toContain("within 7 days");
    // The queued job does not hold the link nor the address in clear.
    const { rows } = await getPgPool().query<{ data: unknown }>(
      "SELECT data FROM pgboss.job WHERE name = $1",
      [emailSendJob.name],
    );
    for (const row of rows) {
      expect(JSON.stringify(row.data)).not.toContain(token);
      expect(JSON.stringify(row.data)).not.toContain(email);
    }

    const browser = createBuilderClient();
    const joined = await browser.mutate("invitations.signUpWithInvitationLink", {
      token,
      password: "a good long password",
    });
    expect(joined).toMatchObject({ status: 200, data: { user: { email }, workspaceId: team.workspaceId } });
    const member = await prisma.memberInWorkspace.findFirst({
      where: { workspaceId: team.workspaceId, user: { email } },
    });
    expect(member?.role).toBe("MEMBER");
    // Used once.
    const again = await createBuilderClient().mutate("invitations.signUpWithInvitationLink", {
      token,
      password: "another long password",
    });
    expect(again.error.issues[0].code).toBe("INVITATION_INVALID");
  });

  it("resending e-mails a new link; the first e-mail's link no longer works", async () => {
    const team = await createTestTeam();
    const email = `invited-${createId()}@example.test`;
    const sent = await callApi("POST", `/workspaces/${team.workspaceId}/members`, {
      token: team.admin.token,
      body: { email, role: "GUEST" },
    });
    expect(sent.body.invitation.emailSent).toBe(true);
    const first = await linkSentTo(email);
    const resent = await callApi(
      "POST",
      `/workspaces/${team.workspaceId}/invitations/${sent.body.invitation.id}/resend`,
      { token: team.admin.token },
    );
    expect(resent.body.invitation.emailSent).toBe(true);
    const second = await linkSentTo(email, 2);
    expect(second).not.toBe(first);
    const browser = createBuilderClient();
    expect((await browser.query("invitations.checkInvitationLink", { token: first })).data).toEqual({
      invitation: null,
    });
    expect((await browser.query("invitations.checkInvitationLink", { token: second })).data).toMatchObject({
      invitation: { email, role: "GUEST" },
    });
  });
});
