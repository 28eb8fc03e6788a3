// Generates the Prisma client into packages/db/src/generated. The generator is
// pure TypeScript + WASM: no engine binary is needed, so downloads are disabled
// unless an engine binary path is already configured.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && existsSync("/bin/false")) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = "/bin/false";
}
env.PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING = "1";
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
const prismaBin = path.join(root, "node_modules", "prisma", "build", "index.js");
const run = spawnSync(process.execPath, [prismaBin, "generate", "--no-hints"], {
  cwd: root,
  env,
  stdio: "inherit",
});
process.exit(run.status ?? 1);
