import { createId, getPrisma } from "@parley/db";
import {
  decryptCredentials,
  deriveServerKey,
  encryptCredentials,
} from "@parley/integrations/credentials/credentialsCipher";
import { rotateEncryptionSecret } from "@parley/integrations/credentials/rotateEncryptionSecret";
import { twoFactorSecretBinding } from "@parley/integrations/credentials/twoFactorSecret";
import {
  toWorkspaceSsoProvider,
  workspaceSsoSecretBinding,
} from "@parley/integrations/sso/workspaceSsoProviders";
import type { LocalDnsServer } from "@parley/integrations/testing/startLocalDnsServer";
import { type LocalOidcProvider, startOidcProvider } from "@parley/integrations/testing/startOidcProvider";
import { decryptWebhookSecret } from "@parley/integrations/webhooks/webhookSecret";
import { addWorkspaceMember } from "@parley/platform/accounts/addWorkspaceMember";
import { createUserAccount } from "@parley/platform/accounts/createUserAccount";
import { createTestBot, createTestTeam, createTestUser } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSsoHandler } from "../sso/handleSsoRequest";
import { createBuilderClient } from "../testing/builderClient";
import { callApi } from "../testing/fixtures";
import { newClientAddress, signInThroughProvider } from "../testing/ssoBrowser";
import { generateTotpCode } from "./totp";

// The processes run after the rotation's last step: ENCRYPTION_SECRET is the new secret and no
// ENCRYPTION_SECRET_PREVIOUS is left, so a value the rotation missed no longer opens. Domain checks ask a DNS
// server on loopback; the workspace's provider is reached on 127.0.0.1 (both read when the packages load).
const setup: { dns: LocalDnsServer; secret: string; previousSecret: string } = await vi.hoisted(async () => {
  const { randomBytes } = await import("node:crypto");
  const { startLocalDnsServer } = await import("@parley/integrations/testing/startLocalDnsServer");
  const dns = await startLocalDnsServer();
  const secret = randomBytes(32).toString("base64url");
  process.env.ENCRYPTION_SECRET = secret;
  delete process.env.ENCRYPTION_SECRET_PREVIOUS;
  process.env.DNS_SERVERS = dns.address;
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
  return { dns, secret, previousSecret: randomBytes(32).toString("base64url") };
});

const prisma = getPrisma();
const builderUrl = "http://localhost:3000";
const client = { clientId: "acme-parley", clientSecret: `secret-${createId()}` };
const handle = createSsoHandler({ builderUrl, listProviders: () => [], allowSignUp: () => false });
const keyOf = (secret: string) => deriveServerKey("credentials aes-256-gcm", secret);
const previousKey = keyOf(setup.previousSecret);
let oidc: LocalOidcProvider;

beforeAll(async () => {
  oidc = await startOidcProvider({ ...client, redirectUris: [`${builderUrl}/api/auth/sso/unused/callback`] });
});
afterAll(async () => {
  await oidc.close();
  await setup.dns.close();
});

/** A workspace whose verified domain signs in through its own provider (configured as its ADMIN does). */
async function configureWorkspaceSso() {
  const team = await createTestTeam();
  const domain = `acme-${createId().slice(0, 10)}.test`;
  const added = await callApi("POST", `/workspaces/${team.workspaceId}/domains`, {
    token: team.admin.token,
    body: { domain: { domain } },
  });
  const { id: domainId, txtRecord } = added.body.domain;
  setup.dns.setTxtRecord(txtRecord.name, [txtRecord.value]);
  const verified = await callApi("POST", `/workspaces/${team.workspaceId}/domains/${domainId}/verify`, {
    token: team.admin.token,
  });
  expect(verified.status).toBe(200);
  const saved = await callApi("PUT", `/workspaces/${team.workspaceId}/sso`, {
    token: team.admin.token,
    body: {
      sso: {
        preset: "oidc",
        name: "Acme SSO",
        issuer: oidc.issuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        allowedDomains: [domain],
      },
    },
  });
  expect(saved.status).toBe(200);
  oidc.allowRedirectUri(saved.body.sso.callbackUrl);
  return { team, domain, ssoId: saved.body.sso.id as string };
}

/** A value as the install stored it before the rotation: sealed under the previous secret. */
const sealedBefore = (value: unknown, binding: { id: string; workspaceId: string; type: string }) =>
  encryptCredentials(value, binding, previousKey);

describe("parley secrets rotate", { timeout: 90_000 }, () => {
  it("re-encrypts every stored secret under the new ENCRYPTION_SECRET: single sign-on and two-factor sign-in keep working, webhook secrets and credentials still open", async () => {
    // A workspace's identity provider, its client secret sealed before the rotation.
    const { team, domain, ssoId } = await configureWorkspaceSso();
    const ssoRow = await prisma.workspaceSso.findUniqueOrThrow({ where: { id: ssoId } });
    const ssoSealed = sealedBefore({ clientSecret: client.clientSecret }, workspaceSsoSecretBinding(ssoRow));
    await prisma.workspaceSso.update({
      where: { id: ssoId },
      data: { secretData: ssoSealed.data, secretIv: ssoSealed.iv },
    });
    const login = `ada-${createId().slice(0, 8)}`;
    const email = `${login}@${domain}`;
    await createUserAccount(prisma, {
      email,
      password: "correct horse battery",
      emailVerifiedAt: new Date(),
    });
    await addWorkspaceMember(prisma, { workspaceId: team.workspaceId, email, role: "MEMBER" });
    oidc.people.set(login, { email, email_verified: true, name: "Ada" });

    // An account with two-factor sign-in, its authenticator key sealed before the rotation.
    const totpUser = await createTestUser();
    const enrolling = createBuilderClient({ clientAddress: newClientAddress() });
    await enrolling.mutate("auth.signIn", { email: totpUser.email, password: totpUser.password });
    const { secret: totpSecret } = (await enrolling.mutate("account.startTwoFactorSetup", {})).data;
    const confirmed = await enrolling.mutate("account.confirmTwoFactorSetup", {
      code: generateTotpCode(totpSecret),
    });
    expect(confirmed.status).toBe(200);
    const totpSealed = sealedBefore(totpSecret, twoFactorSecretBinding(totpUser.user.id));
    await prisma.userTwoFactor.update({
      where: { userId: totpUser.user.id },
      data: { secretData: totpSealed.data, secretIv: totpSealed.iv },
    });

    // A result webhook mid-rotation of its own signing secret (the replaced one kept for the overlap), and
    // integration credentials.
    const bot = await createTestBot(team.workspaceId);
    const webhook = { id: createId(), botId: bot.id };
    const webhookBinding = { id: webhook.id, workspaceId: bot.id, type: "webhook" };
    const current = sealedBefore("whsec_current", webhookBinding);
    const replaced = sealedBefore("whsec_replaced", webhookBinding);
    await prisma.webhookSubscription.create({
      data: {
        ...webhook,
        url: "https://example.test/hook",
        events: ["result.created"],
        secretData: current.data,
        secretIv: current.iv,
        previousSecretData: replaced.data,
        previousSecretIv: replaced.iv,
        previousSecretExpiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const credentialsBinding = { id: createId(), workspaceId: team.workspaceId, type: "openai" };
    await prisma.credentials.create({
      data: {
        ...credentialsBinding,
        name: "OpenAI",
        ...sealedBefore({ apiKey: "sk-before" }, credentialsBinding),
      },
    });

    // Before the rotation the new secret alone opens none of them (the provider's client secret here).
    const agedSso = await prisma.workspaceSso.findUniqueOrThrow({ where: { id: ssoId } });
    expect(() => toWorkspaceSsoProvider(agedSso)).toThrow();

    const report = await rotateEncryptionSecret(prisma, {
      secret: setup.secret,
      previousSecret: setup.previousSecret,
    });
    // Other test files of this worker left rows under secrets of their own: only ours are counted here.
    for (const counts of Object.values(report)) {
      expect(counts.unreadable).not.toEqual(
        expect.arrayContaining([ssoId, totpUser.user.id, webhook.id, credentialsBinding.id]),
      );
    }
    expect(report.workspaceSsoSecrets.reencrypted).toBeGreaterThanOrEqual(1);
    expect(report.twoFactorSecrets.reencrypted).toBeGreaterThanOrEqual(1);

    // Each opens with the new secret, and no longer with the old one.
    const rotatedSso = await prisma.workspaceSso.findUniqueOrThrow({ where: { id: ssoId } });
    expect(toWorkspaceSsoProvider(rotatedSso).clientSecret).toBe(client.clientSecret);
    expect(() =>
      decryptCredentials(
        { data: rotatedSso.secretData, iv: rotatedSso.secretIv },
        workspaceSsoSecretBinding(rotatedSso),
        previousKey,
      ),
    ).toThrow();
    const rotatedWebhook = await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(decryptWebhookSecret(rotatedWebhook)).toBe("whsec_current");
    expect(
      decryptWebhookSecret({
        ...rotatedWebhook,
        secretData: rotatedWebhook.previousSecretData!,
        secretIv: rotatedWebhook.previousSecretIv!,
      }),
    ).toBe("whsec_replaced");
    const rotatedCredentials = await prisma.credentials.findUniqueOrThrow({
      where: { id: credentialsBinding.id },
    });
    expect(decryptCredentials(rotatedCredentials, credentialsBinding)).toEqual({ apiKey: "sk-before" });

    // Signing in through the workspace's provider still works: the builder reads its client secret.
    const signedIn = await signInThroughProvider({
      handle,
      builderUrl,
      startPath: `/api/auth/sso/ws-${ssoId}`,
      login,
    });
    expect(signedIn.location).toMatch(/^http:\/\/localhost:3000\/dashboard/);
    expect(signedIn.session).toEqual(expect.any(String));

    // So does two-factor sign-in: the code of the authenticator app is checked against the rotated key.
    const browser = createBuilderClient({ clientAddress: newClientAddress() });
    const first = await browser.mutate("auth.signIn", { email: totpUser.email, password: totpUser.password });
    expect(first.data).toEqual({ status: "secondFactorRequired" });
    const verifiedCode = await browser.mutate("auth.verifySecondFactor", {
      code: generateTotpCode(totpSecret, Date.now() + 30_000),
    });
    expect(verifiedCode.status).toBe(200);
    expect((await browser.query("auth.getCurrentUser", undefined)).data.user).toMatchObject({
      email: totpUser.email,
    });
  });
});
