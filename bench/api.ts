// npm run bench -- api: GET and PATCH /api/v1/bots/{botId} latency (p50, p99) on a 300-block bot,
// through the REST handler of the builder mounted on node:http, beside a bare node:http + pg handler
// reading and writing the same row, measured in the same run on the same database. Sequential
// requests, the two servers alternating in rounds. Target: GET p50 within 3x of the bare read.
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import { createBareBotHandler } from "./api/bareBotHandler";
import { serveWebHandler } from "./api/serveWebHandler";
import { createBenchAccount } from "./lib/benchAccount";
import { latencyFigure, percentile, recordFigures } from "./lib/results";

const ROUNDS = 6;
const REQUESTS_PER_ROUND = 100;
const WARMUP = 50;

const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  Object.assign(process.env, {
    DATABASE_URL: postgres.connectionString,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  });
  const { getPrisma } = await import("@parley/db");
  const { handleRestRequest } = await import("@parley/api/mounts");
  const { generateFlow } = await import("@parley/schemas/bot/testing/generateFlow");

  const prisma = getPrisma();
  const { workspaceId, token } = await createBenchAccount(prisma);
  const api = await serveWebHandler(handleRestRequest);
  const bare = createBareBotHandler(postgres.connectionString);
  const baseline = await serveWebHandler(bare.handle);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };

  const flow = generateFlow({ groupCount: 30, blockCount: 300, seed: 7 });
  const created = await fetch(`${api.baseUrl}/api/v1/bots`, {
    method: "POST",
    headers,
    body: JSON.stringify({ workspaceId, bot: { name: "Bench bot", ...flow } }),
  });
  if (created.status !== 200) throw new Error(`creating the bench bot failed: ${await created.text()}`);
  const { bot } = (await created.json()) as { bot: { id: string; groups: { title: string }[] } };
  const botBytes = (await (await fetch(`${api.baseUrl}/api/v1/bots/${bot.id}`, { headers })).text()).length;
  console.log(`bot: ${flow.groups.length} groups, 300 blocks, GET body ${(botBytes / 1024).toFixed(0)} KiB`);

  let edits = 0;
  const patchBody = () => {
    const groups = bot.groups.map((group, index) =>
      index === 0 ? { ...group, title: `Edit ${++edits}` } : group,
    );
    return JSON.stringify({ bot: { groups }, overwrite: true });
  };
  const requests = {
    get: (baseUrl: string) => fetch(`${baseUrl}/api/v1/bots/${bot.id}`, { headers }),
    patch: (baseUrl: string) =>
      fetch(`${baseUrl}/api/v1/bots/${bot.id}`, { method: "PATCH", headers, body: patchBody() }),
  };

  async function measure(send: () => Promise<Response>, count: number, into?: number[]) {
    for (let index = 0; index < count; index++) {
      const startedAt = performance.now();
      const response = await send();
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`bench request answered ${response.status}`);
      into?.push(performance.now() - startedAt);
    }
  }

  const samples: Record<string, number[]> = { getApi: [], getBare: [], patchApi: [], patchBare: [] };
  for (const [kind, send] of Object.entries(requests)) {
    await measure(() => send(api.baseUrl), WARMUP);
    await measure(() => send(baseline.baseUrl), WARMUP);
    for (let round = 0; round < ROUNDS; round++) {
      await measure(() => send(api.baseUrl), REQUESTS_PER_ROUND, samples[`${kind}Api`]);
      await measure(() => send(baseline.baseUrl), REQUESTS_PER_ROUND, samples[`${kind}Bare`]);
    }
  }
  const at = (name: string, p: number) =>
    percentile(
      [...(samples[name] ?? [])].sort((a, b) => a - b),
      p,
    );
  const figures = [
    latencyFigure("api.getBot.p50", at("getApi", 50), at("getBare", 50)),
    latencyFigure("api.getBot.p99", at("getApi", 99), at("getBare", 99)),
    latencyFigure("api.patchBot.p50", at("patchApi", 50), at("patchBare", 50)),
    latencyFigure("api.patchBot.p99", at("patchApi", 99), at("patchBare", 99)),
  ];
  recordFigures(figures);
  for (const figure of figures) {
    console.log(
      `${figure.name}: ${(figure.value / (figure.baseline ?? 1)).toFixed(2)}x the bare node:http + pg handler`,
    );
  }
  const getRatio = at("getApi", 50) / at("getBare", 50);
  console.log(
    `target GET p50 <= 3x bare read: ${getRatio <= 3 ? "met" : "NOT met"} (${getRatio.toFixed(2)}x)`,
  );
  await Promise.all([api.close(), baseline.close(), bare.close(), prisma.$disconnect()]);
} finally {
  await postgres.stop();
}
