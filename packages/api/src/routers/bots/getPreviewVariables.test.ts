import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "@parley/chat/testing/chatFixtures";
import { createGreetingFlow } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createBuilderClient } from "../../testing/builderClient";

const builderChat = createTestChat({ allowSessionCookie: true }).chat;

describe("bots.getPreviewVariables (the preview debugger)", () => {
  it("reads a preview chat's variables after each turn, only for its bot's readers", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const cookie = `parley_session=${(await createUserSession(getPrisma(), bot.owner.user.id)).token}`;
    const started = await readResponse(
      await builderChat(
        chatRequest(`/bots/${bot.botId}/preview/startChat`, { body: {}, headers: { cookie } }),
      ),
    );
    expect(started.status).toBe(200);
    const sessionId: string = started.body.sessionId;
    const guest = await createTestUser({ workspaceId: bot.owner.workspaceId, role: "GUEST" });
    const client = createBuilderClient({
      sessionToken: (await createUserSession(getPrisma(), guest.user.id)).token,
    });
    const before = await client.query("bots.getPreviewVariables", { botId: bot.botId, sessionId });
    expect(before.status).toBe(200);
    expect(before.data.variables).toEqual({});
    const answered = await builderChat(
      chatRequest(`/sessions/${sessionId}/continueChat`, { body: { message: "Ada" }, headers: { cookie } }),
    );
    expect(answered.status).toBe(200);
    const after = await client.query("bots.getPreviewVariables", { botId: bot.botId, sessionId });
    expect(after.data.variables).toEqual({ "v-name": "Ada" });

    const outsider = await createTestUser();
    const foreign = createBuilderClient({
      sessionToken: (await createUserSession(getPrisma(), outsider.user.id)).token,
    });
    expect((await foreign.query("bots.getPreviewVariables", { botId: bot.botId, sessionId })).status).toBe(
      403,
    );
    // The session through another bot the caller may read: NOT_FOUND.
    const other = await createPublishedTestBot(createGreetingFlow(), { workspaceId: bot.owner.workspaceId });
    const wrongBot = await client.query("bots.getPreviewVariables", { botId: other.botId, sessionId });
    expect(wrongBot.status).toBe(404);
    expect(wrongBot.error.code).toBe("NOT_FOUND");
  });
});
