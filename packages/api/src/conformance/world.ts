// What a checker sets up before it calls the API: users with tokens (the CLI's job, here the
// same account functions), then a folder, a bot and its publication through the API itself.
import { createGreetingFlow } from "@parley/chat/testing/testFlows";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { type Apps, call, expectOk } from "./harness";

export type World = Awaited<ReturnType<typeof createWorld>>;

/** A team (admin, member, guest, outsider) with a folder and a published bot of the greeting flow. */
export async function createWorld(apps: Apps) {
  const team = await createTestTeam();
  const { admin, workspaceId } = team;
  const api = (method: string, path: string, body?: unknown, token = admin.token) =>
    call(method, `${apps.baseUrl}/api/v1${path}`, { token, body });

  const { folder } = expectOk(await api("POST", "/folders", { workspaceId, folder: { name: "Support" } }));
  const flow = createGreetingFlow();
  const { bot } = expectOk(
    await api("POST", "/bots", { workspaceId, bot: { name: "Greeter", folderId: folder.id, ...flow } }),
  );
  expectOk(await api("POST", `/bots/${bot.id}/publish`));
  const { chatKey } = expectOk(await api("GET", `/bots/${bot.id}/chatKey`));
  /** A new chat on the published bot, with its chat key; returns the session id. */
  const startSession = async () => {
    const url = `${apps.chatUrl}/api/v1/bots/${bot.publicId}/startChat`;
    return expectOk(await call("POST", url, { token: chatKey.key, body: {} })).sessionId as string;
  };
  return { ...team, folder, bot, chatKey: chatKey.key as string, api, startSession };
}
