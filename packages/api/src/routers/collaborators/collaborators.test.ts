import { randomInt } from "node:crypto";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "@parley/chat/testing/chatFixtures";
import { seedPublishedBot } from "@parley/chat/testing/seedPublishedBot";
import { createGreetingFlow, group, startEdge, startEvent, text } from "@parley/chat/testing/testFlows";
import { createId, getPrisma } from "@parley/db";
import { createTestTeam, createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createBuilderClient } from "../../testing/builderClient";
import { findRowsNaming } from "../../testing/findRowsNaming";
import { callApi } from "../../testing/fixtures";

// This install has no SMTP account: invitations to a bot still work, by passing the link on by hand.

const prisma = getPrisma();
const newEmail = () => `shared-${createId()}@example.test`;
const tokenOf = (url: string) => /\/invitations\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1] ?? "";

async function teamWithBot() {
  const team = await createTestTeam();
  const bot = await callApi("POST", "/bots", {
    token: team.admin.token,
    body: { workspaceId: team.workspaceId, bot: { name: "Support bot" } },
  });
  expect(bot.status).toBe(200);
  return { team, botId: bot.body.bot.id as string };
}

function share(botId: string, token: string, email: string, role: "VIEWER" | "EDITOR") {
  return callApi("POST", `/bots/${botId}/collaborators`, { token, body: { collaborator: { email, role } } });
}

async function signedIn(user: { email: string; password: string }) {
  const client = createBuilderClient({
    clientAddress: `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::1`,
  });
  expect((await client.mutate("auth.signIn", { email: user.email, password: user.password })).status).toBe(
    200,
  );
  return client;
}

const entries = (action: string, targetId: string) =>
  prisma.auditLogEntry.findMany({
    where: { action, targetId },
    select: { actorEmail: true, workspaceId: true },
  });

describe("sharing one bot", () => {
  it("lets the workspace's MEMBERs and ADMINs share, never its GUESTs, outsiders or the bot's own editors", async () => {
    const { team, botId } = await teamWithBot();
    const editor = await createTestUser();
    await prisma.botCollaborator.create({ data: { botId, userId: editor.user.id, role: "EDITOR" } });
    const statuses: Record<string, number> = {};
    for (const [name, caller] of Object.entries({ ...team, editor })) {
      if (typeof caller === "string") continue;
      statuses[name] = (await share(botId, caller.token, newEmail(), "VIEWER")).status;
    }
    expect(statuses).toEqual({ admin: 200, member: 200, guest: 403, outsider: 403, editor: 403 });
  });

  it("invites a person outside the workspace alike whether or not they have an account, by a link scoped to the bot", async () => {
    const { team, botId } = await teamWithBot();
    const stranger = await createTestUser();
    const answers = [];
    for (const email of [newEmail(), stranger.email]) {
      const response = await share(botId, team.member.token, email, "EDITOR");
      expect(response.status).toBe(200);
      answers.push(response.body);
    }
    for (const answer of answers) {
      expect(answer).toEqual({
        collaborator: null,
        invitation: {
          id: expect.any(String),
          email: expect.any(String),
          role: "EDITOR",
          invitedBy: team.member.email,
          createdAt: expect.any(String),
          expiresAt: expect.any(String),
          url: expect.stringMatching(/\/invitations\/[A-Za-z0-9_-]{43}$/),
          emailSent: false,
        },
      });
    }
    expect(await findRowsNaming(prisma, [tokenOf(answers[0].invitation.url)])).toEqual([]);
    // Pending: listed with the bot, not with the workspace's invitations; nobody has access yet.
    const listed = await callApi("GET", `/bots/${botId}/collaborators`, { token: team.guest.token });
    expect(listed.status).toBe(200);
    expect(listed.body.collaborators).toEqual([]);
    expect(listed.body.invitations.map((i: { email: string }) => i.email).sort()).toEqual(
      answers.map((answer) => answer.invitation.email).sort(),
    );
    const workspaceInvitations = await callApi("GET", `/workspaces/${team.workspaceId}/invitations`, {
      token: team.admin.token,
    });
    expect(workspaceInvitations.body.invitations).toEqual([]);
    expect((await callApi("GET", `/bots/${botId}`, { token: stranger.token })).status).toBe(403);
    expect(await entries("invitation.created", answers[0].invitation.id)).toEqual([
      { actorEmail: team.member.email, workspaceId: team.workspaceId },
    ]);
  });

  it("makes an account from the link: the bot is theirs to edit, the workspace is not theirs", async () => {
    const { team, botId } = await teamWithBot();
    const email = newEmail();
    const { invitation } = (await share(botId, team.admin.token, email, "EDITOR")).body;
    const browser = createBuilderClient();
    const link = await browser.query("invitations.checkInvitationLink", { token: tokenOf(invitation.url) });
    expect(link.data.invitation).toMatchObject({ email, bot: { name: "Support bot", role: "EDITOR" } });
    const joined = await browser.mutate("invitations.signUpWithInvitationLink", {
      token: tokenOf(invitation.url),
      password: "a good long password",
    });
    expect(joined.status).toBe(200);
    expect(joined.data).toMatchObject({ workspaceId: team.workspaceId, botId });
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(await prisma.memberInWorkspace.findMany({ where: { userId: user.id } })).toEqual([]);
    expect(await prisma.botCollaborator.findMany({ where: { userId: user.id } })).toEqual([
      expect.objectContaining({ botId, role: "EDITOR" }),
    ]);
    // Signed in by the sign-up: the builder's calls act for them.
    const renamed = await browser.mutate("bots.updateBot", { botId, bot: { name: "Renamed by the editor" } });
    expect(renamed.status).toBe(200);
    expect((await browser.query("workspaces.getWorkspace", { workspaceId: team.workspaceId })).status).toBe(
      403,
    );
    const shared = await browser.query("collaborators.listSharedBots", {});
    expect(shared.data.bots).toEqual([
      expect.objectContaining({
        id: botId,
        name: "Renamed by the editor",
        role: "EDITOR",
        workspaceId: team.workspaceId,
      }),
    ]);
    expect(await entries("invitation.accepted", invitation.id)).toEqual([
      { actorEmail: email, workspaceId: team.workspaceId },
    ]);
    // The link worked once.
    const again = await createBuilderClient().mutate("invitations.signUpWithInvitationLink", {
      token: tokenOf(invitation.url),
      password: "a good long password",
    });
    expect(again.error.issues[0].code).toBe("INVITATION_INVALID");
  });

  it("shows an existing account the invitation to accept in the builder", async () => {
    const { team, botId } = await teamWithBot();
    const person = await createTestUser();
    const { invitation } = (await share(botId, team.member.token, person.email, "VIEWER")).body;
    const client = await signedIn(person);
    const mine = await client.query("invitations.listMyInvitations", undefined);
    expect(mine.data.invitations).toEqual([
      expect.objectContaining({ id: invitation.id, bot: { id: botId, name: "Support bot", role: "VIEWER" } }),
    ]);
    const accepted = await client.mutate("invitations.acceptMyInvitation", { invitationId: invitation.id });
    expect(accepted.data).toEqual({ workspaceId: team.workspaceId, botId });
    expect((await callApi("GET", `/bots/${botId}`, { token: person.token })).status).toBe(200);
    const write = await callApi("PATCH", `/bots/${botId}`, {
      token: person.token,
      body: { bot: { name: "No" } },
    });
    expect(write.status).toBe(403);
  });

  it("shares at once with a GUEST of the workspace; refuses a member whose role already gives it", async () => {
    const { team, botId } = await teamWithBot();
    expect(
      (await callApi("PATCH", `/bots/${botId}`, { token: team.guest.token, body: { bot: { name: "x" } } }))
        .status,
    ).toBe(403);
    const shared = await share(botId, team.member.token, team.guest.email, "EDITOR");
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({
      collaborator: {
        userId: team.guest.user.id,
        email: team.guest.email,
        name: "Test User",
        role: "EDITOR",
        createdAt: expect.any(String),
      },
      invitation: null,
    });
    const edited = await callApi("PATCH", `/bots/${botId}`, {
      token: team.guest.token,
      body: { bot: { name: "Edited by the guest" } },
    });
    expect(edited.status).toBe(200);
    // The share adds to the workspace role, never gives the workspace: still no bot of the workspace to delete.
    expect((await callApi("DELETE", `/bots/${botId}`, { token: team.guest.token })).status).toBe(403);
    for (const [email, role] of [
      [team.member.email, "EDITOR"],
      [team.admin.email, "VIEWER"],
      [team.guest.email.toUpperCase(), "EDITOR"],
    ] as const) {
      const refused = await share(botId, team.admin.token, email, role);
      if (email === team.guest.email.toUpperCase()) {
        // The guest is shared with already: sharing again sets the role.
        expect(refused.status).toBe(200);
        continue;
      }
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([
        expect.objectContaining({ code: "ALREADY_HAS_ACCESS", path: ["collaborator", "email"] }),
      ]);
    }
    expect(await entries("bot.shared", `${botId}/${team.guest.user.id}`)).toHaveLength(1);
  });

  it("changes a collaborator's role and stops sharing; they lose the bot at once", async () => {
    const { team, botId } = await teamWithBot();
    const person = await createTestUser();
    await prisma.botCollaborator.create({ data: { botId, userId: person.user.id, role: "EDITOR" } });
    const path = `/bots/${botId}/collaborators/${person.user.id}`;
    const changed = await callApi("PATCH", path, { token: team.member.token, body: { role: "VIEWER" } });
    expect(changed.status).toBe(200);
    expect(changed.body.collaborator).toMatchObject({ userId: person.user.id, role: "VIEWER" });
    expect(
      (await callApi("PATCH", `/bots/${botId}`, { token: person.token, body: { bot: { name: "x" } } }))
        .status,
    ).toBe(403);
    expect((await callApi("GET", `/bots/${botId}/results`, { token: person.token })).status).toBe(200);
    expect((await callApi("DELETE", path, { token: team.guest.token })).status).toBe(403);
    expect((await callApi("DELETE", path, { token: team.member.token })).status).toBe(200);
    expect((await callApi("GET", `/bots/${botId}`, { token: person.token })).status).toBe(403);
    expect((await callApi("DELETE", path, { token: team.member.token })).status).toBe(404);
    expect(
      (await callApi("PATCH", path, { token: team.member.token, body: { role: "EDITOR" } })).status,
    ).toBe(404);
    const target = `${botId}/${person.user.id}`;
    expect(await entries("bot.shareChanged", target)).toHaveLength(1);
    expect(await entries("bot.unshared", target)).toHaveLength(1);
  });

  it("revokes a pending invitation: its link stops working", async () => {
    const { team, botId } = await teamWithBot();
    const { invitation } = (await share(botId, team.member.token, newEmail(), "VIEWER")).body;
    const path = `/bots/${botId}/invitations/${invitation.id}`;
    expect((await callApi("DELETE", path, { token: team.guest.token })).status).toBe(403);
    expect((await callApi("DELETE", path, { token: team.member.token })).status).toBe(200);
    expect((await callApi("DELETE", path, { token: team.member.token })).status).toBe(404);
    const link = await createBuilderClient().query("invitations.checkInvitationLink", {
      token: tokenOf(invitation.url),
    });
    expect(link.data).toEqual({ invitation: null });
  });

  it("validates the body: a bad e-mail or role is BAD_REQUEST at its path", async () => {
    const { team, botId } = await teamWithBot();
    const badEmail = await share(botId, team.member.token, "not an e-mail", "VIEWER");
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.issues[0].path).toEqual(["collaborator", "email"]);
    const badRole = await callApi("POST", `/bots/${botId}/collaborators`, {
      token: team.member.token,
      body: { collaborator: { email: newEmail(), role: "ADMIN" } },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.issues[0].path).toEqual(["collaborator", "role"]);
  });
});

describe("a shared bot in the chat runtime", () => {
  it("lets its EDITOR and VIEWER preview the draft, and nobody else", async () => {
    const { chat } = createTestChat();
    const bot = await createPublishedTestBot(createGreetingFlow());
    const [editor, viewer, stranger] = await Promise.all([
      createTestUser(),
      createTestUser(),
      createTestUser(),
    ]);
    await prisma.botCollaborator.createMany({
      data: [
        { botId: bot.botId, userId: editor.user.id, role: "EDITOR" },
        { botId: bot.botId, userId: viewer.user.id, role: "VIEWER" },
      ],
    });
    const preview = (token: string) =>
      chat(chatRequest(`/bots/${bot.botId}/preview/startChat`, { token, body: {} })).then((r) => r.status);
    expect({
      editor: await preview(editor.token),
      viewer: await preview(viewer.token),
      stranger: await preview(stranger.token),
    }).toEqual({ editor: 200, viewer: 200, stranger: 403 });
  });
});

describe("a shared bot's inbox conversations", () => {
  it("are read by its VIEWER and EDITOR; the VIEWER posts nothing; another bot's stay out of reach", async () => {
    const { chat } = createTestChat();
    const team = await createTestTeam();
    const handoffFlow = {
      events: [startEvent],
      groups: [
        group("g-1", [
          text("b-hello", "Hello"),
          {
            id: "b-handoff",
            type: "Human handoff",
            items: [{ id: "i-fallback", path: "fallback" }],
            options: {},
          },
        ]),
      ],
      edges: [startEdge("g-1")],
      variables: [],
    };
    const open = async (bot: { publicId: string; chatKey: string }) => {
      const start = await readResponse(
        await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
      );
      const sessionId: string = start.body.sessionId;
      await chat(
        chatRequest(`/sessions/${sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "Help!" },
        }),
      );
      return (await prisma.conversation.findFirstOrThrow({ where: { sessionId } })).id;
    };
    const shared = await seedPublishedBot(prisma, team.workspaceId, handoffFlow);
    const other = await seedPublishedBot(prisma, team.workspaceId, handoffFlow);
    const sharedConversation = await open(shared);
    const otherConversation = await open(other);
    const [editor, viewer] = await Promise.all([createTestUser(), createTestUser()]);
    await prisma.botCollaborator.createMany({
      data: [
        { botId: shared.botId, userId: editor.user.id, role: "EDITOR" },
        { botId: shared.botId, userId: viewer.user.id, role: "VIEWER" },
      ],
    });
    const read = async (token: string, id: string) =>
      (await callApi("GET", `/conversations/${id}`, { token })).status;
    expect({
      editor: await read(editor.token, sharedConversation),
      viewer: await read(viewer.token, sharedConversation),
      editorOnOther: await read(editor.token, otherConversation),
    }).toEqual({ editor: 200, viewer: 200, editorOnOther: 403 });
    const posted = await callApi("POST", `/conversations/${sharedConversation}/messages`, {
      token: viewer.token,
      body: { message: "I am only a viewer" },
    });
    expect(posted.status).toBe(403);
    expect(
      (await callApi("GET", `/workspaces/${team.workspaceId}/conversations`, { token: editor.token })).status,
    ).toBe(403);
  });
});
