// One export in a process of its own, for bench/export.ts: GET /bots/{botId}/results-csv through
// the builder's REST handler (in process, no socket), the body read and dropped as it streams.
// Prints one JSON line: rows, bytes, time to the first byte and in all, and the peak RSS. With
// `live` (and node's --expose-gc) it also collects garbage every 10,000 rows and reports the
// largest heap still in use then: what the export holds, without the garbage V8 has not collected yet.
const [databaseUrl, botId, token, mode] = process.argv.slice(2);
const collectGarbage = mode === "live" ? (globalThis as { gc?: () => void }).gc : undefined;
if (mode === "live" && !collectGarbage) throw new Error("run with node --expose-gc");
Object.assign(process.env, { DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", NODE_ENV: "production" });
const { handleRestRequest } = await import("@parley/api/mounts");

const startedAt = performance.now();
const response = await handleRestRequest(
  new Request(`http://127.0.0.1/api/v1/bots/${botId}/results-csv`, {
    headers: { authorization: `Bearer ${token}` },
  }),
);
if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
let firstByteMs: number | undefined;
let bytes = 0;
let lines = 0;
let nextSample = 0;
let liveHeapMb = 0;
for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
  firstByteMs ??= performance.now() - startedAt;
  bytes += chunk.length;
  for (const byte of chunk) if (byte === 10) lines++;
  if (collectGarbage && lines >= nextSample) {
    collectGarbage();
    liveHeapMb = Math.max(liveHeapMb, process.memoryUsage().heapUsed / 1024 / 1024);
    nextSample += 10_000;
  }
}
const totalMs = performance.now() - startedAt;
console.log(
  JSON.stringify({
    rows: lines - 1,
    bytes,
    firstByteMs,
    totalMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    liveHeapMb,
  }),
);
process.exit(0);

export {};
