import { dbEnv } from "@parley/db";
import { afterAll, describe, it } from "vitest";
import { type ChatProcess, runKillAndRestart } from "../testing/runKillAndRestart";
import { killChatProcesses, spawnChatServer } from "../testing/spawnChatServer";

// The same run against the viewer (`next start`): apps/viewer/src/reliability/killViewer.test.ts.
const servers: ChatProcess[] = [];

afterAll(() => killChatProcesses(servers));

describe("a chat server killed mid-run", () => {
  it("lets every session continue where it was after a restart, without lost or doubled answers", async () => {
    await runKillAndRestart((port) => spawnChatServer(dbEnv.DATABASE_URL ?? "", port), servers);
  }, 240_000);
});
