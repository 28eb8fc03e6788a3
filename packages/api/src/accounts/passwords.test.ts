import { randomInt } from "node:crypto";
import { createId, getPgPool, getPrisma } from "@parley/db";
import { emailSendJob } from "@parley/integrations/email/emailSendJob";
import type { LocalSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import {
  createPasswordResetToken,
  PASSWORD_RESET_TTL_MS,
} from "@parley/platform/accounts/passwordResetTokens";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it, vi } from "vitest";
import { createBuilderClient } from "../testing/builderClient";
import { findRowsNaming } from "../testing/findRowsNaming";
import { callApi } from "../testing/fixtures";
import { deliverEmailsTo } from "../testing/installSmtpAccount";
import { requestPasswordReset } from "./requestPasswordReset";

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

/** The reset link of the last e-mail sent to `email`, once it arrived. */
async function resetLinkSentTo(email: string, count = 1) {
  await expect.poll(() => messagesTo(email).length, { timeout: 10_000 }).toBe(count);
  const text = messagesTo(email).at(-1)?.parsed.text ?? "";
  const link = /https:\/\/builder\.parley\.test\/reset-password\/([A-Za-z0-9_-]{43})/.exec(text);
  expect(link).not.toBeNull();
  return link?.[1] ?? "";
}

async function signedInClient(user: { email: string; password: string }) {
  const client = createBuilderClient({ clientAddress: newAddress() });
  const signedIn = await client.mutate("auth.signIn", { email: user.email, password: user.password });
  expect(signedIn.status).toBe(200);
  return client;
}

describe("change password", () => {
  it("needs the current password, keeps this sign-in and ends the others", async () => {
    const user = await createTestUser();
    const here = await signedInClient(user);
    const elsewhere = await signedInClient(user);

    const wrong = await here.mutate("account.changePassword", {
      currentPassword: "not it at all",
      newPassword: "a brand new password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error.issues).toEqual([
      { message: "The current password is wrong", path: ["currentPassword"], code: "INVALID_CREDENTIALS" },
    ]);
    const short = await here.mutate("account.changePassword", {
      currentPassword: user.password,
      newPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(short.error.issues).toEqual([expect.objectContaining({ path: ["newPassword"] })]);

    const changed = await here.mutate("account.changePassword", {
      currentPassword: user.password,
      newPassword: "a brand new password",
    });
    expect(changed).toMatchObject({ status: 200, data: { signedOutSessions: 1 } });
    expect((await here.query("auth.getCurrentUser", undefined)).status).toBe(200);
    expect((await elsewhere.query("auth.getCurrentUser", undefined)).status).toBe(401);
    // The API token is not a sign-in: it stays.
    expect((await callApi("GET", "/workspaces", { token: user.token })).status).toBe(200);

    const client = createBuilderClient({ clientAddress: newAddress() });
    const old = await client.mutate("auth.signIn", { email: user.email, password: user.password });
    expect(old.error.issues[0].code).toBe("INVALID_CREDENTIALS");
    const renewed = await client.mutate("auth.signIn", {
      email: user.email,
      password: "a brand new password",
    });
    expect(renewed.status).toBe(200);
  });

  it("is refused without a sign-in", async () => {
    const anonymous = createBuilderClient();
    const refused = await anonymous.mutate("account.changePassword", {
      currentPassword: "whatever it is",
      newPassword: "a brand new password",
    });
    expect(refused.status).toBe(401);
  });
});

describe("forgot password", () => {
  it("e-mails a link through the install's SMTP account that sets a new password once, signing in", async () => {
    const user = await createTestUser();
    const before = await signedInClient(user);
    const browser = createBuilderClient({ clientAddress: newAddress() });
    const asked = await browser.mutate("auth.requestPasswordReset", { email: user.email.toUpperCase() });
    expect(asked).toMatchObject({ status: 200, data: { message: "success" } });
    const token = await resetLinkSentTo(user.email);
    const [message] = messagesTo(user.email);
    expect(message?.envelope.from).toBe("accounts@parley.test");
    expect(message?.parsed.subject).toBe("Reset your Parley password");
    expect(message?.parsed.text).toContain("within one hour");
    // Stored as its SHA-256 only.
    expect(await findRowsNaming(prisma, [token])).toEqual([]);

    expect((await browser.query("auth.checkPasswordResetLink", { token })).data).toEqual({ isValid: true });
    const reset = await browser.mutate("auth.resetPassword", { token, password: "chosen from the link" });
    expect(reset).toMatchObject({ status: 200, data: { user: { id: user.user.id, email: user.email } } });
    expect((await browser.query("auth.getCurrentUser", undefined)).status).toBe(200);
    // Every earlier sign-in ended; the old password is gone.
    expect((await before.query("auth.getCurrentUser", undefined)).status).toBe(401);
    const again = await createBuilderClient().mutate("auth.signIn", {
      email: user.email,
      password: "chosen from the link",
    });
    expect(again.status).toBe(200);

    // Single use.
    expect((await browser.query("auth.checkPasswordResetLink", { token })).data).toEqual({ isValid: false });
    const reused = await createBuilderClient().mutate("auth.resetPassword", {
      token,
      password: "once more, please",
    });
    expect(reused.status).toBe(400);
    expect(reused.error.issues).toEqual([
      expect.objectContaining({ code: "RESET_LINK_INVALID", path: ["token"] }),
    ]);
  });

  it("queues the reset e-mail as a job whose stored data does not hold the link in clear", async () => {
    const user = await createTestUser();
    const asked = await requestPasswordReset(prisma, { email: user.email, clientAddress: newAddress() });
    await asked.delivery;
    const token = await resetLinkSentTo(user.email);
    const { rows } = await getPgPool().query<{ data: unknown }>(
      "SELECT data FROM pgboss.job WHERE name = $1",
      [emailSendJob.name],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(JSON.stringify(row.data)).not.toContain(token);
      expect(JSON.stringify(row.data)).not.toContain(user.email);
    }
  });

  it("answers alike whether or not an account exists, and e-mails nobody for an unknown address", async () => {
    const email = `nobody-${createId()}@example.test`;
    const unknown = await requestPasswordReset(prisma, { email, clientAddress: newAddress() });
    await unknown.delivery;
    expect(messagesTo(email)).toEqual([]);
    const user = await createTestUser();
    const answers = [];
    for (const address of [email, user.email]) {
      const response = await createBuilderClient({ clientAddress: newAddress() }).mutate(
        "auth.requestPasswordReset",
        { email: address },
      );
      answers.push({ status: response.status, data: response.data, error: response.error });
    }
    expect(answers[0]).toEqual(answers[1]);
    await resetLinkSentTo(user.email);
  });

  it("refuses an expired link, and a link once the password was changed otherwise", async () => {
    const user = await createTestUser();
    const expired = await createPasswordResetToken(
      prisma,
      user.user.id,
      new Date(Date.now() - PASSWORD_RESET_TTL_MS - 1000),
    );
    const browser = createBuilderClient();
    expect((await browser.query("auth.checkPasswordResetLink", { token: expired.token })).data).toEqual({
      isValid: false,
    });
    const late = await browser.mutate("auth.resetPassword", {
      token: expired.token,
      password: "too late for this",
    });
    expect(late.error.issues[0].code).toBe("RESET_LINK_INVALID");

    const fresh = await createPasswordResetToken(prisma, user.user.id);
    const here = await signedInClient(user);
    await here.mutate("account.changePassword", {
      currentPassword: user.password,
      newPassword: "changed meanwhile",
    });
    const stale = await browser.mutate("auth.resetPassword", {
      token: fresh.token,
      password: "from an old link",
    });
    expect(stale.error.issues[0].code).toBe("RESET_LINK_INVALID");
    // A bad password does not use the link up.
    const kept = await createPasswordResetToken(prisma, user.user.id);
    const short = await browser.mutate("auth.resetPassword", { token: kept.token, password: "short" });
    expect(short.error.issues).toEqual([expect.objectContaining({ path: ["password"] })]);
    expect((await browser.query("auth.checkPasswordResetLink", { token: kept.token })).data.isValid).toBe(
      true,
    );
  });

  it("limits reset e-mails per address, with the wait", async () => {
    const user = await createTestUser();
    const browser = createBuilderClient({ clientAddress: newAddress() });
    for (let i = 0; i < 3; i++) {
      expect((await browser.mutate("auth.requestPasswordReset", { email: user.email })).status).toBe(200);
    }
    const refused = await createBuilderClient({ clientAddress: newAddress() }).mutate(
      "auth.requestPasswordReset",
      {
        email: user.email,
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.error.issues[0]).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.error.issues[0].message).toMatch(
      /^Too many password reset requests for this address\. Try again in \d+ minutes\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    await resetLinkSentTo(user.email, 3);
  });
});

describe("sign-in throttling", () => {
  it("refuses an account after 10 failed sign-ins in 15 minutes, even with the right password, from anywhere", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 10; i++) {
      const failed = await createBuilderClient({ clientAddress: newAddress() }).mutate("auth.signIn", {
        email: user.email,
        password: `wrong ${i}`,
      });
      expect(failed.error.issues[0].code).toBe("INVALID_CREDENTIALS");
    }
    const refused = await createBuilderClient({ clientAddress: newAddress() }).mutate("auth.signIn", {
      email: user.email,
      password: user.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual({
      code: "FORBIDDEN",
      message: "Insufficient access",
      issues: [
        {
          message: expect.stringMatching(
            /^Too many failed sign-ins for this account\. Try again in 1[45] minutes\.$/,
          ),
          code: "RATE_LIMITED",
        },
      ],
    });
    expect(refused.retryAfterSeconds).toBeGreaterThan(800);
    expect(refused.headers.get("retry-after")).toBe(String(refused.retryAfterSeconds));
    // The same for an address no account has: a refusal tells nothing about accounts.
    const nobody = `nobody-${createId()}@example.test`;
    for (let i = 0; i < 11; i++) {
      await createBuilderClient({ clientAddress: newAddress() }).mutate("auth.signIn", {
        email: nobody,
        password: "x",
      });
    }
    const alike = await createBuilderClient().mutate("auth.signIn", { email: nobody, password: "x" });
    expect(alike.error.issues[0].message).toMatch(/^Too many failed sign-ins for this account\./);
  });

  it("a successful sign-in clears the account's failures", async () => {
    const user = await createTestUser();
    const browser = createBuilderClient({ clientAddress: newAddress() });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++)
        await browser.mutate("auth.signIn", { email: user.email, password: "wrong" });
      expect(
        (await browser.mutate("auth.signIn", { email: user.email, password: user.password })).status,
      ).toBe(200);
    }
  });

  it("refuses a client address after 50 failed sign-ins, whichever accounts they tried", async () => {
    const address = newAddress();
    const sameNetwork = address.replace(/::1$/, "::abcd");
    for (let i = 0; i < 50; i++) {
      const failed = await createBuilderClient({ clientAddress: address }).mutate("auth.signIn", {
        email: `guess-${i}-${createId()}@example.test`,
        password: "123456",
      });
      expect(failed.status).toBe(400);
    }
    const user = await createTestUser();
    // An IPv6 client is counted by its /64.
    const refused = await createBuilderClient({ clientAddress: sameNetwork }).mutate("auth.signIn", {
      email: user.email,
      password: user.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.error.issues[0].message).toMatch(
      /^Too many failed sign-ins from your network\. Try again in/,
    );
    const elsewhere = await createBuilderClient({ clientAddress: newAddress() }).mutate("auth.signIn", {
      email: user.email,
      password: user.password,
    });
    expect(elsewhere.status).toBe(200);
  });

  it("counts wrong current passwords of a signed-in user as failed sign-ins", async () => {
    const user = await createTestUser();
    const session = await createUserSession(prisma, user.user.id);
    const browser = createBuilderClient({ sessionToken: session.token, clientAddress: newAddress() });
    for (let i = 0; i < 10; i++) {
      await browser.mutate("account.changePassword", {
        currentPassword: `guess ${i}`,
        newPassword: "new password 1",
      });
    }
    const refused = await browser.mutate("account.changePassword", {
      currentPassword: user.password,
      newPassword: "new password 1",
    });
    expect(refused.status).toBe(403);
    expect(refused.error.issues[0].code).toBe("RATE_LIMITED");
  });
});
