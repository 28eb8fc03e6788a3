import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { JobName } from "@parley/db/queries/runJobOnce";

/** Another process (own pool, own connection) that holds `job`'s lock once it resolves; SIGKILL it to "die". */
export async function spawnJobLockHolder(job: JobName): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "holdJobLock.ts"), job],
    {
      // biome-ignore lint/style/noProcessEnv: the child uses this test worker's DATABASE_URL
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("holding")) resolve();
      else if (output.includes("skipped")) reject(new Error(`${job}: the lock was already held`));
    });
    child.once("exit", (code) => reject(new Error(`the lock holder exited (${code}) before holding`)));
  });
  return child;
}

/** Whether any session of the database holds `job`'s advisory lock (the key split as pg_locks shows it). */
export const isJobLockHeldSql = `SELECT count(*)::int AS held FROM pg_locks
  WHERE locktype = 'advisory' AND granted AND objsubid = 1
    AND ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`;
