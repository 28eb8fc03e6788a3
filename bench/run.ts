// npm run bench [-- <name> ...]: runs the benchmarks in bench/ (every top-level
// `<name>.ts` except this runner, e.g. bench/chat.ts, or only the named ones, given the `--` options) one
// after another; each prints its figures and merges them into bench/results/latest.json.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const benchDir = import.meta.dirname;
const available = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && entry.name !== "run.ts")
  .map((entry) => entry.name.replace(/\.ts$/, ""))
  .sort();
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
// Options (`--name=value`) are passed on to every selected benchmark.
const options = process.argv.slice(2).filter((arg) => arg.startsWith("-"));
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(", ")}. Available: ${available.join(", ")}`);
  process.exit(1);
}
const selected = requested.length > 0 ? requested : available;
const tsx = path.join(benchDir, "..", "node_modules", "tsx", "dist", "cli.mjs");
let failed = 0;
for (const name of selected) {
  console.log(`\n=== bench: ${name} ===\n`);
  const result = spawnSync(process.execPath, [tsx, path.join(benchDir, `${name}.ts`), ...options], {
    stdio: "inherit",
  });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
