import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPrismaClient } from "@parley/db";
import { findFreePort, type RunningPostgres, startEmbeddedPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import { afterAll, describe, expect, it } from "vitest";
import { createChatClient } from "../testing/chatClient";
import { createLoopFlow } from "../testing/createLoopFlow";
import { seedPublishedBot, seedWorkspace } from "../testing/seedPublishedBot";
import { type ChatServerProcess, spawnChatServer, waitForExit } from "../testing/spawnChatServer";

const SESSIONS = 5;
let postgres: RunningPostgres | undefined;
let server: ChatServerProcess | undefined;
let dataDir = "";

afterAll(async () => {
  server?.child.kill("SIGKILL");
  if (server) await waitForExit(server.child);
  await postgres?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("a PostgreSQL restart during a run", () => {
  it("fails requests cleanly while the database is down, then every session goes on", async () => {
    // Its own server: restarting the tests' shared one would disturb the other test files.
    dataDir = await mkdtemp(path.join(tmpdir(), "parley-pg-restart-"));
    await chmod(dataDir, 0o755);
    const port = await findFreePort();
    const options = { dataDir: path.join(dataDir, "data"), port };
    postgres = await startEmbeddedPostgres(options);
    await applyMigrations(postgres.connectionString);
    const prisma = createPrismaClient({ connectionString: postgres.connectionString, poolSize: 2 });
    const bot = await seedPublishedBot(prisma, await seedWorkspace(prisma), createLoopFlow(5));
    server = await spawnChatServer(postgres.connectionString);
    const client = createChatClient(server.baseUrl, bot.chatKey);
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, () => client.startChat(bot.publicId)),
    );
    for (const [session, start] of sessions.entries()) {
      expect((await client.continueChat(start.body.sessionId, `s${session}-before`)).status).toBe(200);
    }

    await postgres.stop();
    const whileDown = await Promise.all([
      client.startChat(bot.publicId),
      client.continueChat(sessions[0]?.body.sessionId, "s0-during"),
    ]);
    for (const response of whileDown) {
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        code: "INTERNAL_SERVER_ERROR",
        message: "Internal server error",
        issues: [],
      });
      expect(response.headers.get("x-request-id")).toBeTruthy();
    }

    postgres = await startEmbeddedPostgres(options);
    let recovered = false;
    for (let attempt = 0; attempt < 50 && !recovered; attempt++) {
      const probe = await client.startChat(bot.publicId);
      recovered = probe.status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    for (const [session, start] of sessions.entries()) {
      const after = await client.continueChat(start.body.sessionId, `s${session}-after`);
      expect(after.status).toBe(200);
    }
    for (const [session, start] of sessions.entries()) {
      const answers = await prisma.answer.findMany({
        where: { resultId: start.body.resultId },
        orderBy: { index: "asc" },
      });
      expect(answers.map((answer) => answer.content)).toEqual([`s${session}-before`, `s${session}-after`]);
    }
    await prisma.$disconnect();
  }, 180_000);
});
