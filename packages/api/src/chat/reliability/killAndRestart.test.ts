import { dbEnv, getPrisma } from "@parley/db";
import { afterAll, describe, expect, it } from "vitest";
import { createChatClient } from "../testing/chatClient";
import { createPublishedTestBot } from "../testing/chatFixtures";
import { createLoopFlow } from "../testing/createLoopFlow";
import { type ChatServerProcess, spawnChatServer, waitForExit } from "../testing/spawnChatServer";

const SESSIONS = 20;
const TURNS = 10;
const servers: ChatServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) {
    server.child.kill("SIGKILL");
    await waitForExit(server.child);
  }
});

describe("a chat server killed mid-run", () => {
  it("lets every session continue where it was after a restart, without lost or doubled answers", async () => {
    const bot = await createPublishedTestBot(createLoopFlow(5));
    await getPrisma().workspace.update({ where: { id: bot.workspaceId }, data: { plan: "ENTERPRISE" } });
    const first = await spawnChatServer(dbEnv.DATABASE_URL ?? "");
    servers.push(first);
    const port = new URL(first.baseUrl).port;
    const client = createChatClient(first.baseUrl, bot.chatKey);
    const starts = await Promise.all(Array.from({ length: SESSIONS }, () => client.startChat(bot.publicId)));
    let acknowledged = 0;
    let failures = 0;
    let killed = false;
    let killedAt = 0;

    // Each session answers its inputs in order; a request that fails (the server is down) is
    // retried with the same Idempotency-Key, so a turn that committed before the kill is replayed.
    const runSession = async (session: number) => {
      const sessionId = starts[session]?.body.sessionId as string;
      for (let turn = 0; turn < TURNS; turn++) {
        for (;;) {
          try {
            const reply = await client.continueChat(sessionId, `s${session}-t${turn}`, {
              "idempotency-key": `${sessionId}-${turn}`,
            });
            if (reply.status === 200) break;
            failures++;
          } catch {
            failures++;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        acknowledged++;
        // A user takes a moment between answers: the run lasts long enough to be interrupted.
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
      }
    };
    const killer = (async () => {
      while (acknowledged < (SESSIONS * TURNS) / 3) await new Promise((resolve) => setTimeout(resolve, 10));
      first.child.kill("SIGKILL");
      await waitForExit(first.child);
      killedAt = acknowledged;
      killed = true;
      servers.push(await spawnChatServer(dbEnv.DATABASE_URL ?? "", Number(port)));
    })();
    await Promise.all([...Array.from({ length: SESSIONS }, (_, session) => runSession(session)), killer]);

    expect(killed).toBe(true);
    expect(killedAt).toBeLessThan(SESSIONS * TURNS);
    expect(failures).toBeGreaterThan(0);
    const answers = await getPrisma().answer.findMany({
      where: { result: { botId: bot.botId } },
      select: { resultId: true, index: true, content: true },
      orderBy: [{ resultId: "asc" }, { index: "asc" }],
    });
    expect(answers).toHaveLength(SESSIONS * TURNS);
    starts.forEach((start, session) => {
      const stored = answers.filter((answer) => answer.resultId === start.body.resultId);
      expect(stored.map((answer) => [answer.index, answer.content])).toEqual(
        Array.from({ length: TURNS }, (_, turn) => [turn, `s${session}-t${turn}`]),
      );
    });
  }, 240_000);
});
