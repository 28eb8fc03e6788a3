import { getPrisma } from "@parley/db";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

const apiKey = "sk-live-credentials-route-0123456789";
const recordKeys = ["createdAt", "id", "name", "type", "updatedAt", "workspaceId"];

async function createOpenAiCredentials(token: string, workspaceId: string, name = "OpenAI") {
  return callApi("POST", "/credentials", {
    token,
    body: { workspaceId, credentials: { type: "openai", name, data: { apiKey } } },
  });
}

describe("credentials endpoints", () => {
  it("create, list, rename and delete without ever returning the secret", async () => {
    const team = await createTestTeam();
    const created = await createOpenAiCredentials(team.member.token, team.workspaceId);
    expect(created.status).toBe(200);
    expect(Object.keys(created.body.credentials).sort()).toEqual(recordKeys);
    expect(created.body.credentials).toMatchObject({
      type: "openai",
      name: "OpenAI",
      workspaceId: team.workspaceId,
    });
    const id = created.body.credentials.id as string;

    const smtp = await callApi("POST", "/credentials", {
      token: team.admin.token,
      body: {
        workspaceId: team.workspaceId,
        credentials: {
          type: "smtp",
          name: "Mailbox",
          data: {
            host: "smtp.example.com",
            port: 465,
            isTlsEnabled: true,
            username: "me",
            password: "hunter22",
            from: { email: "bot@example.com" },
          },
        },
      },
    });
    expect(smtp.status).toBe(200);

    const listed = await callApi("GET", `/credentials?workspaceId=${team.workspaceId}`, {
      token: team.member.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.credentials.map((record: { name: string }) => record.name)).toEqual([
      "Mailbox",
      "OpenAI",
    ]);
    const onlyOpenAi = await callApi("GET", `/credentials?workspaceId=${team.workspaceId}&type=openai`, {
      token: team.member.token,
    });
    expect(onlyOpenAi.body.credentials.map((record: { id: string }) => record.id)).toEqual([id]);

    const renamed = await callApi("PATCH", `/credentials/${id}`, {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, credentials: { name: "Production key" } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.credentials).toMatchObject({ id, name: "Production key" });

    for (const response of [created, smtp, listed, renamed]) {
      expect(JSON.stringify(response.body)).not.toContain(apiKey);
      expect(JSON.stringify(response.body)).not.toContain("hunter22");
    }

    const deleted = await callApi("DELETE", `/credentials/${id}`, { token: team.member.token });
    expect(deleted).toEqual({ status: 200, body: { message: "success" } });
    expect(await getPrisma().credentials.count({ where: { id } })).toBe(0);
    const again = await callApi("DELETE", `/credentials/${id}`, { token: team.member.token });
    expect(again.status).toBe(404);
  });

  it("stores WhatsApp and Telegram accounts encrypted and validates their fields", async () => {
    const team = await createTestTeam();
    const whatsAppData = {
      systemUserAccessToken: "EAAG-system-user-token-secret",
      phoneNumberId: "109876543210987",
      appSecret: "app-secret-0123456789abcdef",
      verifyToken: "verify-me-please",
    };
    const telegramData = {
      botToken: "123456789:AAFabcdefghijklmnopqrstuvwxyz012345",
      secretToken: "tg_secret-1",
    };
    for (const [type, data] of [
      ["whatsApp", whatsAppData],
      ["telegram", telegramData],
    ] as const) {
      const created = await callApi("POST", "/credentials", {
        token: team.member.token,
        body: { workspaceId: team.workspaceId, credentials: { type, name: type, data } },
      });
      expect(created.status).toBe(200);
      expect(created.body.credentials).toMatchObject({ type, name: type });
      for (const secret of Object.values(data)) expect(JSON.stringify(created.body)).not.toContain(secret);
      const row = await getPrisma().credentials.findUniqueOrThrow({
        where: { id: created.body.credentials.id },
      });
      expect(row.data).not.toContain(Object.values(data)[0]);
    }
    const listed = await callApi("GET", `/credentials?workspaceId=${team.workspaceId}&type=whatsApp`, {
      token: team.member.token,
    });
    expect(listed.body.credentials.map((record: { type: string }) => record.type)).toEqual(["whatsApp"]);

    const badPhone = await callApi("POST", "/credentials", {
      token: team.member.token,
      body: {
        workspaceId: team.workspaceId,
        credentials: { type: "whatsApp", name: "x", data: { ...whatsAppData, phoneNumberId: "+33 6 12" } },
      },
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.issues).toContainEqual(
      expect.objectContaining({ path: ["credentials", "data", "phoneNumberId"] }),
    );
    const missingSecret = await callApi("POST", "/credentials", {
      token: team.member.token,
      body: {
        workspaceId: team.workspaceId,
        credentials: { type: "telegram", name: "x", data: { botToken: telegramData.botToken } },
      },
    });
    expect(missingSecret.status).toBe(400);
    expect(missingSecret.body.issues).toContainEqual(
      expect.objectContaining({ path: ["credentials", "data", "secretToken"] }),
    );
    expect(await getPrisma().credentials.count({ where: { workspaceId: team.workspaceId } })).toBe(2);
  });

  it("lets members and admins in, refuses guests and outsiders", async () => {
    const team = await createTestTeam();
    const created = await createOpenAiCredentials(team.admin.token, team.workspaceId);
    const id = created.body.credentials.id as string;
    for (const role of ["guest", "outsider"] as const) {
      const token = team[role].token;
      expect((await callApi("GET", `/credentials?workspaceId=${team.workspaceId}`, { token })).status).toBe(
        403,
      );
      expect((await createOpenAiCredentials(token, team.workspaceId)).status).toBe(403);
      const rename = await callApi("PATCH", `/credentials/${id}`, {
        token,
        body: { credentials: { name: "x" } },
      });
      expect(rename.status).toBe(403);
      expect((await callApi("DELETE", `/credentials/${id}`, { token })).status).toBe(403);
    }
    const row = await getPrisma().credentials.findUniqueOrThrow({ where: { id } });
    expect(row.name).toBe("OpenAI");
  });

  it("answers bad input with field issues and never stores it", async () => {
    const team = await createTestTeam();
    const missingKey = await callApi("POST", "/credentials", {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, credentials: { type: "openai", name: "x", data: {} } },
    });
    expect(missingKey.status).toBe(400);
    expect(missingKey.body.issues).toContainEqual(
      expect.objectContaining({ path: ["credentials", "data", "apiKey"], code: "INVALID_FIELD" }),
    );
    const unknownType = await callApi("POST", "/credentials", {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, credentials: { type: "telepathy", name: "x", data: {} } },
    });
    expect(unknownType.status).toBe(400);
    const badUrl = await callApi("POST", "/credentials", {
      token: team.member.token,
      body: {
        workspaceId: team.workspaceId,
        credentials: { type: "openai-compatible", name: "x", data: { baseUrl: "file:///etc/passwd" } },
      },
    });
    expect(badUrl.status).toBe(400);
    expect(await getPrisma().credentials.count({ where: { workspaceId: team.workspaceId } })).toBe(0);
    const mismatch = await createOpenAiCredentials(team.member.token, team.workspaceId);
    const other = await createTestTeam();
    const moved = await callApi("PATCH", `/credentials/${mismatch.body.credentials.id}`, {
      token: team.member.token,
      body: { workspaceId: other.workspaceId, credentials: { name: "moved" } },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.issues[0]).toMatchObject({ code: "WORKSPACE_MISMATCH" });
  });
});
