import { getPrisma } from "@parley/db";
import { createApiToken } from "@parley/platform/auth/apiTokens";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createSessionCookie,
  createTestChat,
  createTestMember,
  readResponse,
  requireWorkspaceSso,
} from "../testing/chatFixtures";
import { createGreetingFlow, textOf } from "../testing/testFlows";

// The builder's mount: the preview authenticates its sign-in cookie there.
const builder = createTestChat({ allowSessionCookie: true }).chat;
const viewer = createTestChat().chat;
const prisma = getPrisma();

const send = async (
  chat: typeof builder,
  path: string,
  options: { cookie?: string; token?: string; body?: unknown } = {},
) =>
  readResponse(
    await chat(
      chatRequest(path, {
        token: options.token,
        body: options.body ?? {},
        headers: options.cookie ? { cookie: options.cookie } : {},
      }),
    ),
  );

const issueCodesOf = (response: { body: { issues?: { code?: string }[] } }) =>
  (response.body.issues ?? []).map((issue) => issue.code);

describe("the chat runtime in a workspace that requires its single sign-on", () => {
  it("refuses a member's password session on the preview (start and continue) with SSO_REQUIRED, and serves one signed in through the provider", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const member = await createTestMember(bot.workspaceId, "MEMBER");
    const guest = await createTestMember(bot.workspaceId, "GUEST");
    const provider = await requireWorkspaceSso(bot.workspaceId);
    const startPath = `/bots/${bot.botId}/preview/startChat`;

    // Signed in with a password (or an e-mailed link): refused, with the code the builder acts on.
    for (const person of [member, guest]) {
      const refused = await send(builder, startPath, { cookie: await createSessionCookie(person.user.id) });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("FORBIDDEN");
      expect(issueCodesOf(refused)).toEqual(["SSO_REQUIRED"]);
    }
    // Another provider of the install is not the workspace's.
    const elsewhere = await send(builder, startPath, {
      cookie: await createSessionCookie(member.user.id, "google"),
    });
    expect(issueCodesOf(elsewhere)).toEqual(["SSO_REQUIRED"]);
    expect(await prisma.chatSession.count({ where: { botId: bot.botId } })).toBe(0);

    // Signed in through the workspace's provider: the preview runs.
    const ssoCookie = await createSessionCookie(member.user.id, provider);
    const started = await send(builder, startPath, {
      cookie: ssoCookie,
      body: { prefilledVariables: { Name: "Ada" } },
    });
    expect(started.status).toBe(200);
    expect(started.body.messages.map(textOf)).toEqual(["Hello Ada!"]);
    const continuePath = `/sessions/${started.body.sessionId}/continueChat`;
    expect((await send(builder, continuePath, { cookie: ssoCookie, body: { message: "Ada" } })).status).toBe(
      200,
    );

    // The same preview session continued by the member's password session: refused, nothing answered.
    const passwordCookie = await createSessionCookie(member.user.id);
    const continued = await send(builder, continuePath, {
      cookie: passwordCookie,
      body: { message: "ada@example.com" },
    });
    expect(continued.status).toBe(403);
    expect(issueCodesOf(continued)).toEqual(["SSO_REQUIRED"]);
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: started.body.sessionId } });
    expect(JSON.stringify(session.state)).not.toContain("ada@example.com");
  });

  it("lets ADMINs in with any session (break-glass) and people the bot alone is shared with, and keeps outsiders unaware", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    await requireWorkspaceSso(bot.workspaceId);
    const startPath = `/bots/${bot.botId}/preview/startChat`;

    const admin = await send(builder, startPath, { cookie: await createSessionCookie(bot.owner.user.id) });
    expect(admin.status).toBe(200);
    expect((await send(builder, startPath, { token: bot.owner.token })).status).toBe(200);

    const collaborator = await createTestUser();
    await prisma.botCollaborator.create({
      data: { botId: bot.botId, userId: collaborator.user.id, role: "EDITOR" },
    });
    const shared = await send(builder, startPath, {
      cookie: await createSessionCookie(collaborator.user.id),
    });
    expect(shared.status).toBe(200);

    const outsider = await createTestUser();
    const refused = await send(builder, startPath, { cookie: await createSessionCookie(outsider.user.id) });
    expect(refused.status).toBe(403);
    expect(refused.body.issues).toEqual([]);
  });

  it("refuses a member's API token made without the provider on the chat endpoints, accepts one made through it, and leaves visitors with the chat key alone", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const member = await createTestMember(bot.workspaceId, "MEMBER");
    const provider = await requireWorkspaceSso(bot.workspaceId);

    for (const path of [`/bots/${bot.botId}/preview/startChat`, `/bots/${bot.publicId}/startChat`]) {
      const refused = await send(viewer, path, { token: member.token });
      expect(refused.status).toBe(403);
      expect(issueCodesOf(refused)).toEqual(["SSO_REQUIRED"]);
    }
    const throughProvider = await createApiToken(prisma, member.user.id, "ci", { ssoProvider: provider });
    expect(
      (await send(viewer, `/bots/${bot.botId}/preview/startChat`, { token: throughProvider.token })).status,
    ).toBe(200);
    // A visitor of the published bot presents its chat key: the workspace's sign-in rule is not theirs.
    const visitor = await send(viewer, `/bots/${bot.publicId}/startChat`, { token: bot.chatKey });
    expect(visitor.status).toBe(200);
    expect(
      (
        await send(viewer, `/sessions/${visitor.body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "Ada" },
        })
      ).status,
    ).toBe(200);
  });

  it("opens again for password sessions once the requirement is lifted", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const member = await createTestMember(bot.workspaceId, "MEMBER");
    await requireWorkspaceSso(bot.workspaceId);
    const cookie = await createSessionCookie(member.user.id);
    const startPath = `/bots/${bot.botId}/preview/startChat`;
    expect((await send(builder, startPath, { cookie })).status).toBe(403);
    await prisma.workspaceSso.update({
      where: { workspaceId: bot.workspaceId },
      data: { isEnforced: false },
    });
    expect((await send(builder, startPath, { cookie })).status).toBe(200);
  });
});
