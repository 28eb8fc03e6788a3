// A process that takes a job's lock and never finishes its run (tests kill it to show the lock
// is freed): `node --import tsx holdJobLock.ts <job>` on DATABASE_URL; prints "holding" or "skipped".
import { createPgPool, dbEnv } from "@parley/db";
import { type JobName, runJobOnce } from "@parley/db/queries/runJobOnce";

const job = process.argv[2] as JobName;
const pool = createPgPool(dbEnv.DATABASE_URL ?? "", 1);
const outcome = await runJobOnce(pool, job, () => {
  console.log("holding");
  return new Promise<never>(() => {});
});
if (!outcome.ran) console.log("skipped");
