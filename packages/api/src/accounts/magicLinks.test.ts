import { randomInt } from "node:crypto";
import { createId, getPrisma } from "@parley/db";
import type { LocalSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import { createMagicLinkToken, MAGIC_LINK_TTL_MS } from "@parley/platform/accounts/magicLinks";
import { createPasswordResetToken } from "@parley/platform/accounts/passwordResetTokens";
import {
  acceptInvitationById,
  createWorkspaceInvitation,
} from "@parley/platform/accounts/workspaceInvitations";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it, vi } from "vitest";
import { createBuilderClient } from "../testing/builderClient";
import { findRowsNaming } from "../testing/findRowsNaming";
import { deliverEmailsTo } from "../testing/installSmtpAccount";
import { requestMagicLink } from "./requestMagicLink";

// The install's SMTP account is a real SMTP server on loopback, started before the imports (they read it).
const smtp: LocalSmtpServer = await vi.hoisted(async () => {
  const { server, variables } = await (
    await import("../testing/installSmtpAccount")
  ).startInstallSmtpAccount();
  Object.assign(process.env, variables);
  return server;
});
const messagesTo = await deliverEmailsTo(smtp);

const prisma = getPrisma();
/** A client address of its own per test, so that the per-address limits of tests stay apart. */
const newAddress = () => `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::1`;
const audit = { ip: "203.0.113.9", userAgent: "test" };

/** The sign-in link of the last e-mail sent to `email`, once `count` e-mails arrived. */
async function signInLinkSentTo(email: string, count = 1) {
  await expect.poll(() => messagesTo(email).length, { timeout: 10_000 }).toBe(count);
  const text = messagesTo(email).at(-1)?.parsed.text ?? "";
  const link = /https:\/\/builder\.parley\.test\/sign-in\/link\/([A-Za-z0-9_-]{43})/.exec(text);
  expect(link).not.toBeNull();
  return link?.[1] ?? "";
}

const verifiedAt = async (userId: string) =>
  (await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { emailVerifiedAt: true } }))
    .emailVerifiedAt;

describe("sign-in by e-mailed link", () => {
  it("e-mails a link through the install's SMTP account that signs in once and verifies the address", async () => {
    const user = await createTestUser();
    expect(await verifiedAt(user.user.id)).toBeNull();
    const browser = createBuilderClient({ clientAddress: newAddress(), userAgent: "Link browser" });
    const asked = await browser.mutate("auth.requestMagicLink", { email: user.email.toUpperCase() });
    expect(asked).toMatchObject({ status: 200, data: { message: "success" } });
    const token = await signInLinkSentTo(user.email);
    const [message] = messagesTo(user.email);
    expect(message?.envelope.from).toBe("accounts@parley.test");
    expect(message?.parsed.subject).toBe("Your Parley sign-in link");
    expect(message?.parsed.text).toContain("within 15 minutes");
    // Stored as its SHA-256 only.
    expect(await findRowsNaming(prisma, [token])).toEqual([]);

    const signedIn = await browser.mutate("auth.signInWithMagicLink", { token });
    expect(signedIn).toMatchObject({
      status: 200,
      data: { user: { id: user.user.id, email: user.email, name: "Test User" } },
    });
    expect((await browser.query("auth.getCurrentUser", undefined)).data.user.id).toBe(user.user.id);
    expect(await verifiedAt(user.user.id)).toBeInstanceOf(Date);
    const entries = await prisma.auditLogEntry.findMany({
      where: { actorId: user.user.id, action: "user.signedIn" },
      select: { targetId: true, userAgent: true },
    });
    expect(entries).toEqual([{ targetId: user.user.id, userAgent: "Link browser" }]);

    // Single use.
    const other = createBuilderClient({ clientAddress: newAddress() });
    const reused = await other.mutate("auth.signInWithMagicLink", { token });
    expect(reused.status).toBe(400);
    expect(reused.error).toEqual({
      code: "BAD_REQUEST",
      message: "Invalid input data",
      issues: [
        {
          message: "This sign-in link is invalid, expired or already used. Ask for a new one.",
          path: ["token"],
          code: "SIGN_IN_LINK_INVALID",
        },
      ],
    });
    expect(other.sessionToken).toBeUndefined();
  });

  it("answers alike whether or not an account exists, and e-mails nobody for an unknown address", async () => {
    const email = `nobody-${createId()}@example.test`;
    const unknown = await requestMagicLink(prisma, { email, clientAddress: newAddress() });
    await unknown.delivery;
    expect(messagesTo(email)).toEqual([]);
    expect(await prisma.user.count({ where: { email } })).toBe(0);
    const user = await createTestUser();
    const answers = [];
    for (const address of [email, user.email]) {
      const response = await createBuilderClient({ clientAddress: newAddress() }).mutate(
        "auth.requestMagicLink",
        { email: address },
      );
      answers.push({ status: response.status, data: response.data, error: response.error });
    }
    expect(answers[0]).toEqual(answers[1]);
    await signInLinkSentTo(user.email);
  });

  it("refuses an expired link, and the other links of an account once one was used", async () => {
    const user = await createTestUser();
    const expired = await createMagicLinkToken(
      prisma,
      user.user.id,
      new Date(Date.now() - MAGIC_LINK_TTL_MS - 1000),
    );
    const browser = createBuilderClient({ clientAddress: newAddress() });
    const late = await browser.mutate("auth.signInWithMagicLink", { token: expired.token });
    expect(late.error.issues[0].code).toBe("SIGN_IN_LINK_INVALID");
    expect((await browser.query("auth.getCurrentUser", undefined)).status).toBe(401);
    expect(await verifiedAt(user.user.id)).toBeNull();

    const first = await createMagicLinkToken(prisma, user.user.id);
    const second = await createMagicLinkToken(prisma, user.user.id);
    expect((await browser.mutate("auth.signInWithMagicLink", { token: second.token })).status).toBe(200);
    const older = await createBuilderClient({ clientAddress: newAddress() }).mutate(
      "auth.signInWithMagicLink",
      { token: first.token },
    );
    expect(older.error.issues[0].code).toBe("SIGN_IN_LINK_INVALID");
    // Two uses of one link at once: one signs in.
    const third = await createMagicLinkToken(prisma, user.user.id);
    const both = await Promise.all(
      [0, 1].map(() =>
        createBuilderClient({ clientAddress: newAddress() }).mutate("auth.signInWithMagicLink", {
          token: third.token,
        }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it("limits sign-in e-mails per address, with the wait", async () => {
    const user = await createTestUser();
    const browser = createBuilderClient({ clientAddress: newAddress() });
    for (let i = 0; i < 5; i++) {
      expect((await browser.mutate("auth.requestMagicLink", { email: user.email })).status).toBe(200);
    }
    const refused = await createBuilderClient({ clientAddress: newAddress() }).mutate(
      "auth.requestMagicLink",
      { email: user.email },
    );
    expect(refused.status).toBe(403);
    expect(refused.error.issues[0]).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.error.issues[0].message).toMatch(
      /^Too many sign-in link requests for this address\. Try again in \d+ minutes\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    await signInLinkSentTo(user.email, 5);
  });

  it("counts unknown links as failed sign-ins of the client's address", async () => {
    const address = newAddress();
    for (let i = 0; i < 50; i++) {
      const failed = await createBuilderClient({ clientAddress: address }).mutate(
        "auth.signInWithMagicLink",
        { token: `guess-${i}-${createId()}` },
      );
      expect(failed.status).toBe(400);
    }
    const user = await createTestUser();
    const { token } = await createMagicLinkToken(prisma, user.user.id);
    const refused = await createBuilderClient({ clientAddress: address }).mutate("auth.signInWithMagicLink", {
      token,
    });
    expect(refused.status).toBe(403);
    expect(refused.error.issues[0].message).toMatch(
      /^Too many failed sign-ins from your network\. Try again in/,
    );
    // Refused before the link was looked at: it still works elsewhere.
    const elsewhere = await createBuilderClient({ clientAddress: newAddress() }).mutate(
      "auth.signInWithMagicLink",
      { token },
    );
    expect(elsewhere.status).toBe(200);
  });
});

describe("a verified e-mail address", () => {
  it("is recorded by a password reset link, not by a password sign-in", async () => {
    const user = await createTestUser();
    const browser = createBuilderClient({ clientAddress: newAddress() });
    await browser.mutate("auth.signIn", { email: user.email, password: user.password });
    expect(await verifiedAt(user.user.id)).toBeNull();
    const { token } = await createPasswordResetToken(prisma, user.user.id);
    expect((await browser.mutate("auth.resetPassword", { token, password: "a new password" })).status).toBe(
      200,
    );
    expect(await verifiedAt(user.user.id)).toBeInstanceOf(Date);
  });

  it("is recorded by an invitation link, not by accepting a pending invitation from the list", async () => {
    const admin = await createTestUser();
    const [byLink, byList] = await Promise.all([createTestUser(), createTestUser()]);
    const actor = { ...audit, actor: { id: admin.user.id, email: admin.email } };
    const invite = (email: string) =>
      createWorkspaceInvitation(
        prisma,
        { workspaceId: admin.workspaceId, email, role: "MEMBER", invitedById: admin.user.id },
        actor,
      );
    const { token } = await invite(byLink.email);
    const linkBrowser = createBuilderClient({ clientAddress: newAddress() });
    await linkBrowser.mutate("auth.signIn", { email: byLink.email, password: byLink.password });
    expect((await linkBrowser.mutate("invitations.acceptInvitation", { token })).status).toBe(200);
    expect(await verifiedAt(byLink.user.id)).toBeInstanceOf(Date);

    const { invitation } = await invite(byList.email);
    await acceptInvitationById(prisma, {
      invitationId: invitation.id,
      user: { id: byList.user.id, email: byList.email },
      audit,
    });
    expect(await verifiedAt(byList.user.id)).toBeNull();
  });

  it("is recorded for an account created from an invitation link", async () => {
    const admin = await createTestUser();
    const email = `invited-${createId()}@example.test`;
    const { token } = await createWorkspaceInvitation(
      prisma,
      { workspaceId: admin.workspaceId, email, role: "MEMBER", invitedById: admin.user.id },
      { ...audit, actor: { id: admin.user.id, email: admin.email } },
    );
    const created = await createBuilderClient({ clientAddress: newAddress() }).mutate(
      "invitations.signUpWithInvitationLink",
      { token, password: "a password for me" },
    );
    expect(created.status).toBe(200);
    const user = await prisma.user.findUniqueOrThrow({ where: { email }, select: { emailVerifiedAt: true } });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
  });
});
