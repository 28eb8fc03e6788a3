// Points this worker at its own database before any test module reads DATABASE_URL.
import { inject } from "vitest";

const { connectionStringFor } = inject("postgres");
const worker = process.env.VITEST_POOL_ID ?? "1";
process.env.DATABASE_URL = connectionStringFor.replace("__WORKER__", worker);
process.env.LOG_LEVEL ??= "silent";
