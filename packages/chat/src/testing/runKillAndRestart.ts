import type { ChildProcess } from "node:child_process";
import { getPrisma } from "@parley/db";
import { expect } from "vitest";
import { createChatClient } from "./chatClient";
import { createPublishedTestBot } from "./chatFixtures";
import { createLoopFlow } from "./createLoopFlow";
import { waitForExit } from "./spawnChatServer";

const SESSIONS = 20;
const TURNS = 10;

export interface ChatProcess {
  baseUrl: string;
  child: ChildProcess;
}

/**
 * 20 sessions × 10 turns against a chat process that is killed with SIGKILL a third of the way
 * through and started again on the same port (`spawn(port)`); each client retries a failed
 * request with the same Idempotency-Key. Then every session must hold its 10 answers, in order,
 * once each. `started` receives every process so the caller can clean up.
 */
export async function runKillAndRestart(
  spawn: (port?: number) => Promise<ChatProcess>,
  started: ChatProcess[],
) {
  const bot = await createPublishedTestBot(createLoopFlow(5));
  await getPrisma().workspace.update({ where: { id: bot.workspaceId }, data: { plan: "ENTERPRISE" } });
  const first = await spawn();
  started.push(first);
  const port = Number(new URL(first.baseUrl).port);
  const client = createChatClient(first.baseUrl, bot.chatKey);
  const starts = await Promise.all(Array.from({ length: SESSIONS }, () => client.startChat(bot.publicId)));
  for (const start of starts) expect(start.status).toBe(200);
  let acknowledged = 0;
  let failures = 0;
  let killedAt = -1;

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
    started.push(await spawn(port));
  })();
  await Promise.all([...Array.from({ length: SESSIONS }, (_, session) => runSession(session)), killer]);

  expect(killedAt).toBeGreaterThan(0);
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
}
