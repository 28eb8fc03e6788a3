import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createId, getPrisma } from "@parley/db";
import { createTestBot, createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { decryptCredentials, deriveServerKey, encryptCredentials } from "./credentialsCipher";
import { type RotationReport, rotateEncryptionSecret } from "./rotateEncryptionSecret";
import { twoFactorSecretBinding } from "./twoFactorSecret";

const secretOf = () => randomBytes(32).toString("base64url");
const keyOf = (secret: string) => deriveServerKey("credentials aes-256-gcm", secret);

describe("rotateEncryptionSecret", () => {
  it("re-encrypts what the previous secret encrypted under the new one, in batches, and is safe to re-run", async () => {
    const prisma = getPrisma();
    const [previousSecret, secret, strangerSecret] = [secretOf(), secretOf(), secretOf()];
    const { workspaceId } = await createTestUser();
    const storeCredentials = async (value: unknown, underSecret: string) => {
      const binding = { id: createId(), workspaceId, type: "openai" };
      await prisma.credentials.create({
        data: { ...binding, name: "key", ...encryptCredentials(value, binding, keyOf(underSecret)) },
      });
      return binding;
    };
    const old = await Promise.all(
      [1, 2, 3].map((n) => storeCredentials({ apiKey: `sk-old-${n}` }, previousSecret)),
    );
    const current = await storeCredentials({ apiKey: "sk-current" }, secret);
    const stranger = await storeCredentials({ apiKey: "sk-stranger" }, strangerSecret);
    const bot = await createTestBot(workspaceId);
    const webhook = { id: createId(), botId: bot.id };
    const subscriptionBinding = { ...webhook, workspaceId: bot.id, type: "webhook" };
    const sealed = encryptCredentials("whsec_old", subscriptionBinding, keyOf(previousSecret));
    // A secret replaced with an overlap period: deliveries are still signed with it too.
    const replaced = encryptCredentials("whsec_replaced", subscriptionBinding, keyOf(previousSecret));
    await prisma.webhookSubscription.create({
      data: {
        ...webhook,
        url: "https://example.test/hook",
        events: ["result.created"],
        secretData: sealed.data,
        secretIv: sealed.iv,
        previousSecretData: replaced.data,
        previousSecretIv: replaced.iv,
        previousSecretExpiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    // An account's authenticator secret.
    const { user } = await createTestUser();
    const totpSealed = encryptCredentials(
      "JBSWY3DPEHPK3PXP",
      twoFactorSecretBinding(user.id),
      keyOf(previousSecret),
    );
    await prisma.userTwoFactor.create({
      data: { userId: user.id, secretData: totpSealed.data, secretIv: totpSealed.iv, enabledAt: new Date() },
    });
    const read = async (binding: { id: string; workspaceId: string; type: string }, underSecret: string) => {
      const row = await prisma.credentials.findUniqueOrThrow({ where: { id: binding.id } });
      return decryptCredentials(row, binding, keyOf(underSecret));
    };

    const report = await rotateEncryptionSecret(prisma, { secret, previousSecret, batchSize: 2 });
    expect(report.credentials.reencrypted).toBe(3);
    expect(report.credentials.unreadable).toContain(stranger.id);
    expect(report.credentials.unreadable).not.toContain(current.id);
    expect(report.webhookSecrets.reencrypted).toBe(1);
    // Readable with the new secret alone; the old one no longer opens them.
    for (const [index, binding] of old.entries()) {
      expect(await read(binding, secret)).toEqual({ apiKey: `sk-old-${index + 1}` });
      await expect(read(binding, previousSecret)).rejects.toThrow();
    }
    expect(await read(current, secret)).toEqual({ apiKey: "sk-current" });
    expect(await read(stranger, strangerSecret)).toEqual({ apiKey: "sk-stranger" });
    const subscription = await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhook.id } });
    const stored = { data: subscription.secretData, iv: subscription.secretIv };
    expect(decryptCredentials(stored, subscriptionBinding, keyOf(secret))).toBe("whsec_old");
    expect(() => decryptCredentials(stored, subscriptionBinding, keyOf(previousSecret))).toThrow();
    const storedPrevious = { data: subscription.previousSecretData!, iv: subscription.previousSecretIv! };
    expect(() => decryptCredentials(storedPrevious, subscriptionBinding, keyOf(previousSecret))).toThrow();
    expect(decryptCredentials(storedPrevious, subscriptionBinding, keyOf(secret))).toBe("whsec_replaced");
    expect(report.previousWebhookSecrets.reencrypted).toBe(1);
    const totpRow = await prisma.userTwoFactor.findUniqueOrThrow({ where: { userId: user.id } });
    const totpStored = { data: totpRow.secretData, iv: totpRow.secretIv };
    expect(decryptCredentials(totpStored, twoFactorSecretBinding(user.id), keyOf(secret))).toBe(
      "JBSWY3DPEHPK3PXP",
    );
    expect(() =>
      decryptCredentials(totpStored, twoFactorSecretBinding(user.id), keyOf(previousSecret)),
    ).toThrow();
    expect(report.twoFactorSecrets.reencrypted).toBeGreaterThanOrEqual(1);
    // During the rotation the servers read with both keys, the current one first.
    expect(decryptCredentials(stored, subscriptionBinding, [keyOf(previousSecret), keyOf(secret)])).toBe(
      "whsec_old",
    );

    const before = await prisma.credentials.findMany({ where: { workspaceId }, orderBy: { id: "asc" } });
    const again = await rotateEncryptionSecret(prisma, { secret, previousSecret });
    expect(again.credentials.reencrypted).toBe(0);
    expect(again.webhookSecrets.reencrypted).toBe(0);
    expect(again.previousWebhookSecrets.reencrypted).toBe(0);
    expect(again.credentials.alreadyCurrent).toBeGreaterThanOrEqual(4);
    expect(await prisma.credentials.findMany({ where: { workspaceId }, orderBy: { id: "asc" } })).toEqual(
      before,
    );
  });
});

/** Where each sealed column (a nonce column beside its ciphertext) of the schema is rotated. */
const rotatedColumns: Record<string, keyof RotationReport> = {
  "Credentials.iv": "credentials",
  "UserTwoFactor.secretIv": "twoFactorSecrets",
  "WorkspaceSso.secretIv": "workspaceSsoSecrets",
  "WebhookSubscription.secretIv": "webhookSecrets",
  "WebhookSubscription.previousSecretIv": "previousWebhookSecrets",
};

describe("the rotation's reach", () => {
  it("covers every column the credentials cipher seals: a new sealed column fails here until it is rotated", async () => {
    const schema = readFileSync(
      path.resolve(import.meta.dirname, "../../../../prisma/schema.prisma"),
      "utf8",
    );
    const sealed: string[] = [];
    for (const [, model = "", body = ""] of schema.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)) {
      for (const [, field] of body.matchAll(/^[ \t]+(iv|\w+Iv)[ \t]+String/gm))
        sealed.push(`${model}.${field}`);
    }
    expect(sealed.sort()).toEqual(Object.keys(rotatedColumns).sort());
    const report = await rotateEncryptionSecret(getPrisma(), {
      secret: secretOf(),
      previousSecret: secretOf(),
    });
    expect(Object.keys(report).sort()).toEqual([...new Set(Object.values(rotatedColumns))].sort());
  });
});
