import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/**
 * Another process (own queue, own pool) that is running periodic job `job` once it resolves, and
 * never finishes: SIGKILL it to "die" holding the run. `timeoutSeconds` must be the job's own.
 */
export async function spawnPeriodicJobHolder(job: string, timeoutSeconds: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "holdPeriodicJob.ts"), job, String(timeoutSeconds)],
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
      else if (output.includes("skipped")) reject(new Error(`${job}: another process was running it`));
    });
    child.once("exit", (code) => reject(new Error(`the job holder exited (${code}) before holding`)));
  });
  return child;
}
