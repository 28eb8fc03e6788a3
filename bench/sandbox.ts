// npm run bench -- sandbox: runs/s of a small expression through runUserCode (isolate in the sandbox process,
// fresh context per run), sequentially and 8 at a time, against `new Function` (compile + call) in this process.
import { runUserCode } from "../packages/integrations/src/sandbox/runUserCode.ts";
import { getSandboxStats, stopSandboxProcess } from "../packages/integrations/src/sandbox/sandboxProcess.ts";
import { type BenchFigure, percentile, recordFigures } from "./lib/results.ts";

const code = "return a * b + c.length;";
const variables = { a: 6, b: 7, c: "abc" };
const measureMs = 3000;

async function runOnce() {
  const result = await runUserCode({ code, variables });
  if (!result.ok || result.value !== 45) throw new Error(`unexpected result ${JSON.stringify(result)}`);
}

async function measureSandbox(concurrency: number) {
  const latencies: number[] = [];
  let runs = 0;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() - started < measureMs) {
      const before = performance.now();
      await runOnce();
      latencies.push(performance.now() - before);
      runs++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  return { runsPerSecond: (runs * 1000) / elapsed, latencies: latencies.sort((x, y) => x - y) };
}

function measureNewFunction() {
  let runs = 0;
  let sink = 0;
  const started = performance.now();
  while (performance.now() - started < measureMs) {
    for (let i = 0; i < 1000; i++) {
      const compiled = new Function("a", "b", "c", code) as (a: number, b: number, c: string) => number;
      sink += compiled(variables.a, variables.b, variables.c);
      runs++;
    }
  }
  if (sink !== runs * 45) throw new Error("baseline computed a wrong value");
  return (runs * 1000) / (performance.now() - started);
}

for (let i = 0; i < 200; i++) await runOnce();
const baseline = measureNewFunction();
const sequential = await measureSandbox(1);
const parallel = await measureSandbox(8);
const stats = await getSandboxStats();
await stopSandboxProcess();

const figure = (name: string, value: number, unit: string, base: number | null): BenchFigure => ({
  name,
  value,
  unit,
  baseline: base,
  ratio: base === null || base === 0 ? null : value / base,
});
recordFigures([
  figure("sandbox.newFunction.runsPerSecond", baseline, "runs/s", null),
  figure("sandbox.runUserCode.sequential.runsPerSecond", sequential.runsPerSecond, "runs/s", baseline),
  figure("sandbox.runUserCode.concurrency8.runsPerSecond", parallel.runsPerSecond, "runs/s", baseline),
  {
    name: "sandbox.runUserCode.sequential.p50",
    value: percentile(sequential.latencies, 50),
    unit: "ms",
    baseline: null,
    ratio: null,
  },
  {
    name: "sandbox.runUserCode.sequential.p99",
    value: percentile(sequential.latencies, 99),
    unit: "ms",
    baseline: null,
    ratio: null,
  },
]);
console.log(`isolates alive after the run: ${stats.liveIsolates} (idle pool ${stats.idleIsolates})`);
