// A process that takes a periodic job's run and never finishes it (tests SIGKILL it to show the run
// is taken over): `node --import tsx holdPeriodicJob.ts <job> <timeoutSeconds>` on DATABASE_URL;
// prints "holding", or "skipped" when another process runs the job.
import { dbEnv } from "@parley/db";
import { JobQueue } from "@parley/db/queue";
import { createPeriodicJob } from "../jobs/createPeriodicJob";
import { logger } from "../logger";

const [job = "", timeoutSeconds = "900"] = process.argv.slice(2);
const queue = new JobQueue({ connectionString: dbEnv.DATABASE_URL ?? "", poolSize: 2 });
const outcome = await createPeriodicJob({
  job,
  run: () => {
    console.log("holding");
    return new Promise<never>(() => {});
  },
  report: () => {},
  logger,
  timeoutSeconds: Number(timeoutSeconds),
  getQueue: () => queue,
}).tick();
if (outcome !== "ran") console.log("skipped");
