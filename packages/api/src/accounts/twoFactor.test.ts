import { randomInt } from "node:crypto";
import { getPrisma } from "@parley/db";
import { createMagicLinkToken } from "@parley/platform/accounts/magicLinks";
import { createPasswordResetToken } from "@parley/platform/accounts/passwordResetTokens";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createBuilderClient } from "../testing/builderClient";
import { findRowsNaming } from "../testing/findRowsNaming";
import { generateTotpCode } from "./totp";

const prisma = getPrisma();
/** A client address of its own per test, so that the per-address limits of tests stay apart. */
const newAddress = () => `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::1`;
type Browser = ReturnType<typeof createBuilderClient>;

const signInWithPassword = (browser: Browser, user: { email: string; password: string }) =>
  browser.mutate("auth.signIn", { email: user.email, password: user.password });

/** A signed-in account that turned two-factor sign-in on: its secret (as the page shows it) and recovery codes. */
async function enrolledUser() {
  const user = await createTestUser();
  const browser = createBuilderClient({ clientAddress: newAddress(), userAgent: "Enrolling browser" });
  expect((await signInWithPassword(browser, user)).data).toMatchObject({ status: "signedIn" });
  const started = await browser.mutate("account.startTwoFactorSetup", {});
  expect(started.status).toBe(200);
  const { secret } = started.data;
  const confirmed = await browser.mutate("account.confirmTwoFactorSetup", { code: generateTotpCode(secret) });
  expect(confirmed.status).toBe(200);
  return { ...user, secret, recoveryCodes: confirmed.data.recoveryCodes as string[], browser };
}

const entriesOf = (userId: string, action: string) =>
  prisma.auditLogEntry.findMany({
    where: { actorId: userId, action },
    orderBy: { createdAt: "asc" },
    select: { details: true, userAgent: true },
  });

describe("two-factor sign-in: enrolment", () => {
  it("shows a secret and its QR code, stores it encrypted, turns on with a first code and gives 10 hashed recovery codes", async () => {
    const user = await createTestUser();
    const browser = createBuilderClient({ clientAddress: newAddress() });
    await signInWithPassword(browser, user);
    const before = await browser.query("account.getAccountSecurity", undefined);
    expect(before.data.twoFactor).toEqual({ isEnabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const started = await browser.mutate("account.startTwoFactorSetup", {});
    const { secret, uri, qrCodeSvg } = started.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Parley:${encodeURIComponent(user.email)}?issuer=Parley&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrCodeSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Encrypted at rest: no column anywhere holds the secret.
    expect(await findRowsNaming(prisma, [secret])).toEqual([]);
    const stored = await prisma.userTwoFactor.findUniqueOrThrow({ where: { userId: user.user.id } });
    expect(stored.enabledAt).toBeNull();
    // Not confirmed yet: sign-in asks for nothing.
    expect((await signInWithPassword(createBuilderClient(), user)).data.status).toBe("signedIn");

    const wrong = await browser.mutate("account.confirmTwoFactorSetup", { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.error.issues).toEqual([
      expect.objectContaining({ code: "INVALID_TWO_FACTOR_CODE", path: ["code"] }),
    ]);
    const confirmed = await browser.mutate("account.confirmTwoFactorSetup", {
      code: generateTotpCode(secret),
    });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await findRowsNaming(prisma, codes)).toEqual([]);
    expect(await prisma.recoveryCode.count({ where: { userId: user.user.id } })).toBe(10);

    const after = await browser.query("account.getAccountSecurity", undefined);
    expect(after.data.twoFactor).toEqual({
      isEnabled: true,
      enabledAt: expect.any(String),
      recoveryCodesLeft: 10,
    });
    expect(await entriesOf(user.user.id, "user.twoFactorEnabled")).toHaveLength(1);
    // On: a second setup is refused until it is turned off.
    const again = await browser.mutate("account.startTwoFactorSetup", {});
    expect(again.error.issues[0].code).toBe("TWO_FACTOR_ALREADY_ENABLED");
  });

  it("needs a signed-in browser", async () => {
    const anonymous = await createBuilderClient().mutate("account.startTwoFactorSetup", {});
    expect(anonymous.status).toBe(401);
  });
});

describe("two-factor sign-in: signing in", () => {
  it("asks for a code after the password, refuses a wrong or replayed code and signs in with the next one", async () => {
    const user = await enrolledUser();
    const browser = createBuilderClient({ clientAddress: newAddress(), userAgent: "Second browser" });
    const first = await signInWithPassword(browser, user);
    expect(first).toMatchObject({ status: 200, data: { status: "secondFactorRequired" } });
    // No session yet: only the challenge's cookie.
    expect(browser.sessionToken).toBeUndefined();
    expect((await browser.query("auth.getCurrentUser", undefined)).status).toBe(401);

    const wrong = await browser.mutate("auth.verifySecondFactor", { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.error.issues[0]).toMatchObject({ code: "INVALID_TWO_FACTOR_CODE", path: ["code"] });
    // The code the enrolment used (this step's): already used, refused.
    const replayedEnrolment = await browser.mutate("auth.verifySecondFactor", {
      code: generateTotpCode(user.secret),
    });
    expect(replayedEnrolment.error.issues[0].code).toBe("INVALID_TWO_FACTOR_CODE");

    // The next step's code is inside the window.
    const next = generateTotpCode(user.secret, Date.now() + 30_000);
    const signedIn = await browser.mutate("auth.verifySecondFactor", { code: next });
    expect(signedIn).toMatchObject({ status: 200, data: { user: { id: user.user.id, email: user.email } } });
    expect((await browser.query("auth.getCurrentUser", undefined)).data.user.id).toBe(user.user.id);

    // The same code again, in another sign-in: refused (replay).
    const other = createBuilderClient({ clientAddress: newAddress() });
    await signInWithPassword(other, user);
    const replayed = await other.mutate("auth.verifySecondFactor", { code: next });
    expect(replayed.error.issues[0].code).toBe("INVALID_TWO_FACTOR_CODE");

    expect(await entriesOf(user.user.id, "user.signedIn")).toEqual([
      { details: { method: "password", secondFactor: "none" }, userAgent: "Enrolling browser" },
      { details: { method: "password", secondFactor: "totp" }, userAgent: "Second browser" },
    ]);
    expect(await entriesOf(user.user.id, "user.signInFailed")).toEqual([
      { details: { method: "password", secondFactor: "totp" }, userAgent: "Second browser" },
      { details: { method: "password", secondFactor: "totp" }, userAgent: "Second browser" },
      { details: { method: "password", secondFactor: "totp" }, userAgent: "unknown" },
    ]);
    // The session list names the method.
    const security = await browser.query("account.getAccountSecurity", undefined);
    expect(security.data.sessions.find((session: { isCurrent: boolean }) => session.isCurrent)).toMatchObject(
      { method: "password+totp", userAgent: "Second browser" },
    );
  });

  it("signs in with a recovery code once; the code does not work a second time", async () => {
    const user = await enrolledUser();
    const [code] = user.recoveryCodes;
    const browser = createBuilderClient({ clientAddress: newAddress() });
    await signInWithPassword(browser, user);
    // Typed in capitals, with a space instead of the dash.
    const typed = code!.toUpperCase().replace("-", " ");
    expect((await browser.mutate("auth.verifySecondFactor", { code: typed })).status).toBe(200);
    expect(
      (await browser.query("account.getAccountSecurity", undefined)).data.twoFactor.recoveryCodesLeft,
    ).toBe(9);

    const again = createBuilderClient({ clientAddress: newAddress() });
    await signInWithPassword(again, user);
    const reused = await again.mutate("auth.verifySecondFactor", { code: code! });
    expect(reused.error.issues[0].code).toBe("INVALID_TWO_FACTOR_CODE");
    expect(again.sessionToken).toBeUndefined();
    expect((await entriesOf(user.user.id, "user.signedIn")).at(-1)?.details).toEqual({
      method: "password",
      secondFactor: "recoveryCode",
    });
  });

  it("a code given twice at once signs in once", async () => {
    const user = await enrolledUser();
    const browsers = [createBuilderClient({ clientAddress: newAddress() }), createBuilderClient()];
    for (const browser of browsers) await signInWithPassword(browser, user);
    const code = generateTotpCode(user.secret, Date.now() + 30_000);
    const answers = await Promise.all(
      browsers.map((browser) => browser.mutate("auth.verifySecondFactor", { code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it("asks for the code after an e-mailed sign-in link and after a password reset link", async () => {
    const user = await enrolledUser();
    const { token } = await createMagicLinkToken(prisma, user.user.id);
    const browser = createBuilderClient({ clientAddress: newAddress() });
    const linked = await browser.mutate("auth.signInWithMagicLink", { token });
    expect(linked).toMatchObject({ status: 200, data: { status: "secondFactorRequired" } });
    expect(browser.sessionToken).toBeUndefined();
    // The link is used up all the same.
    expect(await prisma.magicLinkToken.count({ where: { userId: user.user.id } })).toBe(0);
    const [code] = user.recoveryCodes;
    expect((await browser.mutate("auth.verifySecondFactor", { code: code! })).status).toBe(200);
    expect((await entriesOf(user.user.id, "user.signedIn")).at(-1)?.details).toEqual({
      method: "magicLink",
      secondFactor: "recoveryCode",
    });

    const reset = await createPasswordResetToken(prisma, user.user.id);
    const resetting = createBuilderClient({ clientAddress: newAddress() });
    const answer = await resetting.mutate("auth.resetPassword", {
      token: reset.token,
      password: "a brand new password",
    });
    expect(answer).toMatchObject({ status: 200, data: { status: "secondFactorRequired" } });
    expect(resetting.sessionToken).toBeUndefined();
  });

  it("without a waiting sign-in, or after 5 wrong codes, the code is refused: sign in again", async () => {
    const user = await enrolledUser();
    const none = await createBuilderClient().mutate("auth.verifySecondFactor", { code: "123456" });
    expect(none.error.issues).toEqual([expect.objectContaining({ code: "SIGN_IN_EXPIRED", path: ["code"] })]);

    const browser = createBuilderClient({ clientAddress: newAddress() });
    await signInWithPassword(browser, user);
    for (let i = 0; i < 5; i++) {
      const wrong = await browser.mutate("auth.verifySecondFactor", { code: `00000${i}` });
      expect(wrong.error.issues[0].code).toBe("INVALID_TWO_FACTOR_CODE");
    }
    const ended = await browser.mutate("auth.verifySecondFactor", {
      code: generateTotpCode(user.secret, Date.now() + 30_000),
    });
    expect(ended.error.issues[0].code).toBe("SIGN_IN_EXPIRED");
  });

  it("limits wrong codes per account: a right password again does not clear the count, a right code is refused too", async () => {
    const user = await enrolledUser();
    for (let i = 0; i < 5; i++) {
      const browser = createBuilderClient({ clientAddress: newAddress() });
      await signInWithPassword(browser, user);
      await browser.mutate("auth.verifySecondFactor", { code: `11111${i}` });
    }
    const browser = createBuilderClient({ clientAddress: newAddress() });
    expect((await signInWithPassword(browser, user)).data.status).toBe("secondFactorRequired");
    const refused = await browser.mutate("auth.verifySecondFactor", {
      code: generateTotpCode(user.secret, Date.now() + 30_000),
    });
    expect(refused.status).toBe(403);
    expect(refused.error.issues).toEqual([
      {
        code: "RATE_LIMITED",
        message: expect.stringMatching(
          /^Too many wrong codes for this account\. Try again in 1[45] minutes\.$/,
        ),
      },
    ]);
    expect(browser.sessionToken).toBeUndefined();
  });
});

describe("two-factor sign-in: settings", () => {
  it("turning it off needs a current code or a recovery code; sign-in then asks for nothing", async () => {
    const user = await enrolledUser();
    const without = await user.browser.mutate("account.disableTwoFactor", { code: "000000" });
    expect(without.error.issues[0].code).toBe("INVALID_TWO_FACTOR_CODE");
    expect(await prisma.userTwoFactor.count({ where: { userId: user.user.id } })).toBe(1);

    const off = await user.browser.mutate("account.disableTwoFactor", { code: user.recoveryCodes[3]! });
    expect(off).toMatchObject({ status: 200, data: { message: "success" } });
    expect(await prisma.userTwoFactor.count({ where: { userId: user.user.id } })).toBe(0);
    expect(await prisma.recoveryCode.count({ where: { userId: user.user.id } })).toBe(0);
    expect(await entriesOf(user.user.id, "user.twoFactorDisabled")).toHaveLength(1);
    expect((await signInWithPassword(createBuilderClient(), user)).data.status).toBe("signedIn");
    const again = await user.browser.mutate("account.disableTwoFactor", { code: "000000" });
    expect(again.error.issues[0].code).toBe("TWO_FACTOR_NOT_ENABLED");
  });

  it("regenerating recovery codes needs a current code; the old codes stop working", async () => {
    const user = await enrolledUser();
    const wrong = await user.browser.mutate("account.regenerateRecoveryCodes", { code: "000000" });
    expect(wrong.error.issues[0].code).toBe("INVALID_TWO_FACTOR_CODE");
    const regenerated = await user.browser.mutate("account.regenerateRecoveryCodes", {
      code: generateTotpCode(user.secret, Date.now() + 30_000),
    });
    expect(regenerated.status).toBe(200);
    const fresh: string[] = regenerated.data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => user.recoveryCodes.includes(code))).toBe(false);
    expect(await entriesOf(user.user.id, "user.recoveryCodesRegenerated")).toHaveLength(1);

    const browser = createBuilderClient({ clientAddress: newAddress() });
    await signInWithPassword(browser, user);
    const old = await browser.mutate("auth.verifySecondFactor", { code: user.recoveryCodes[0]! });
    expect(old.error.issues[0].code).toBe("INVALID_TWO_FACTOR_CODE");
    expect((await browser.mutate("auth.verifySecondFactor", { code: fresh[0]! })).status).toBe(200);
  });

  it("lists the live sessions and signs out the others", async () => {
    const user = await createTestUser();
    const here = createBuilderClient({ clientAddress: "203.0.113.20", userAgent: "Here" });
    const there = createBuilderClient({ clientAddress: "203.0.113.21", userAgent: "There" });
    await signInWithPassword(here, user);
    await signInWithPassword(there, user);
    const listed = await here.query("account.getAccountSecurity", undefined);
    expect(listed.data.sessions).toHaveLength(2);
    expect(
      listed.data.sessions.map((session: { userAgent: string; isCurrent: boolean; ip: string }) => [
        session.userAgent,
        session.ip,
        session.isCurrent,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["Here", "203.0.113.20", true],
        ["There", "203.0.113.21", false],
      ]),
    );
    expect(listed.data.hasPassword).toBe(true);
    expect(listed.data.identities).toEqual([]);

    const signedOut = await here.mutate("account.signOutOtherSessions", {});
    expect(signedOut.data).toEqual({ signedOutSessions: 1 });
    expect((await there.query("auth.getCurrentUser", undefined)).status).toBe(401);
    expect((await here.query("auth.getCurrentUser", undefined)).status).toBe(200);
    expect(await entriesOf(user.user.id, "user.sessionsRevoked")).toHaveLength(1);
    // Nothing else to sign out: no entry.
    expect((await here.mutate("account.signOutOtherSessions", {})).data).toEqual({
      signedOutSessions: 0,
    });
    expect(await entriesOf(user.user.id, "user.sessionsRevoked")).toHaveLength(1);
  });
});
