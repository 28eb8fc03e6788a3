// Points this worker at its own database before any test module reads DATABASE_URL.
import { inject } from "vitest";

const { connectionStringFor } = inject("postgres");
const worker = process.env.VITEST_POOL_ID ?? "1";
process.env.DATABASE_URL = connectionStringFor.replace("__WORKER__", worker);
process.env.LOG_LEVEL ??= "silent";
// Custom domain verification asks DNS: never the machine's resolvers from a test. A test that verifies
// starts its own local DNS server and sets this; otherwise lookups fail at once (nothing listens on 9).
process.env.DNS_SERVERS ??= "127.0.0.1:9";
