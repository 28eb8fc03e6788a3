// npm run bench [-- <name> ...]: runs the benchmarks in bench/ (every `*.bench.ts`,
// or only the named ones) one after another; each prints its figures and merges
// them into bench/results/latest.json.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const benchDir = import.meta.dirname;
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith(".bench.ts"))
  .map((file) => file.replace(/\.bench\.ts$/, ""))
  .sort();
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
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
  const result = spawnSync(process.execPath, [tsx, path.join(benchDir, `${name}.bench.ts`)], {
    stdio: "inherit",
  });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
