import { availableParallelism } from "node:os";

/** Test workers: one per core by default (at least 2), overridable with VITEST_MAX_WORKERS. */
export const testWorkerCount = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism());
