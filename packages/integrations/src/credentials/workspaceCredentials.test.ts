import { randomBytes } from "node:crypto";
import { getPrisma } from "@parley/db";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { decryptCredentials, encryptCredentials } from "./credentialsCipher";
import {
  createWorkspaceCredentials,
  listWorkspaceCredentials,
  readWorkspaceCredentials,
} from "./workspaceCredentials";

const apiKey = `sk-test-${randomBytes(12).toString("hex")}`;

describe("workspace credentials", () => {
  it("stores the data encrypted and lists records without it", async () => {
    const prisma = getPrisma();
    const { workspaceId } = await createTestUser();
    const record = await createWorkspaceCredentials(prisma, workspaceId, {
      type: "openai",
      name: "My OpenAI",
      data: { apiKey },
    });
    expect(record).toMatchObject({ workspaceId, type: "openai", name: "My OpenAI" });
    expect(JSON.stringify(record)).not.toContain(apiKey);

    const row = await prisma.credentials.findUniqueOrThrow({ where: { id: record.id } });
    expect(row.data).not.toContain(apiKey);
    expect(Buffer.from(row.data, "base64").toString("utf8")).not.toContain(apiKey);

    const listed = await listWorkspaceCredentials(prisma, workspaceId);
    expect(listed).toEqual([record]);
    expect(Object.keys(listed[0]!).sort()).toEqual([
      "createdAt",
      "id",
      "name",
      "type",
      "updatedAt",
      "workspaceId",
    ]);

    const read = await readWorkspaceCredentials(prisma, {
      workspaceId,
      credentialsId: record.id,
      types: ["openai"],
    });
    expect(read).toEqual({ ok: true, type: "openai", data: { apiKey } });
  });

  it("never resolves the credentials of another workspace, nor of another type", async () => {
    const prisma = getPrisma();
    const owner = await createTestUser();
    const other = await createTestUser();
    const record = await createWorkspaceCredentials(prisma, owner.workspaceId, {
      type: "mistral",
      name: "Mistral",
      data: { apiKey },
    });
    const foreign = await readWorkspaceCredentials(prisma, {
      workspaceId: other.workspaceId,
      credentialsId: record.id,
      types: ["mistral"],
    });
    expect(foreign).toEqual({
      ok: false,
      error: `Credentials "${record.id}" do not exist in this workspace`,
    });
    const wrongType = await readWorkspaceCredentials(prisma, {
      workspaceId: owner.workspaceId,
      credentialsId: record.id,
      types: ["openai"],
    });
    expect(wrongType).toMatchObject({ ok: false });
  });

  it("refuses ciphertext moved to another record or read with another key", () => {
    const binding = { id: "cred1", workspaceId: "ws1", type: "openai" };
    const encrypted = encryptCredentials({ apiKey }, binding);
    expect(decryptCredentials(encrypted, binding)).toEqual({ apiKey });
    expect(() => decryptCredentials(encrypted, { ...binding, workspaceId: "ws2" })).toThrow();
    expect(() => decryptCredentials(encrypted, binding, randomBytes(32))).toThrow();
    const tampered = Buffer.from(encrypted.data, "base64");
    tampered[0] = (tampered[0] ?? 0) ^ 1;
    expect(() => decryptCredentials({ ...encrypted, data: tampered.toString("base64") }, binding)).toThrow();
  });

  it("reports data written under another secret as unreadable, without throwing", async () => {
    const prisma = getPrisma();
    const { workspaceId } = await createTestUser();
    const record = await createWorkspaceCredentials(prisma, workspaceId, {
      type: "anthropic",
      name: "Claude",
      data: { apiKey },
    });
    const other = encryptCredentials({ apiKey }, { ...record, type: "anthropic" }, randomBytes(32));
    await prisma.credentials.update({ where: { id: record.id }, data: other });
    const read = await readWorkspaceCredentials(prisma, {
      workspaceId,
      credentialsId: record.id,
      types: ["anthropic"],
    });
    expect(read).toMatchObject({ ok: false, error: expect.stringContaining("cannot be decrypted") });
  });
});
