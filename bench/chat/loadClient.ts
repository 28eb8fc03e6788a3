// Load generator of bench/chat.ts, run in its own process so that it does not share the
// server's event loop. `clients` virtual users each send one request at a time for `durationMs`
// (after `warmupMs` not measured) over keep-alive connections, and report latencies.
// Input (argv[2], JSON): { baseUrl, mode: "start" | "continue", publicId?, token, sessionIds?,
//   clients, durationMs, warmupMs }. Output (stdout, JSON): { count, completed, errors, durationMs,
//   latenciesMs }: `count` answers in the measured window, `completed` in the whole run (warm-up too).
import http from "node:http";

interface LoadOptions {
  baseUrl: string;
  mode: "start" | "continue";
  publicId?: string;
  token: string;
  sessionIds?: string[];
  clients: number;
  durationMs: number;
  warmupMs: number;
}

const options = JSON.parse(process.argv[2] ?? "{}") as LoadOptions;
const base = new URL(options.baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });

function post(path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${options.token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const latencies: number[] = [];
let completed = 0;
let errors = 0;
let firstError = "";
const startedAt = performance.now();
const measureFrom = startedAt + options.warmupMs;
const stopAt = measureFrom + options.durationMs;

async function runClient(index: number) {
  let turn = 0;
  while (performance.now() < stopAt) {
    const path =
      options.mode === "start"
        ? `/api/v1/bots/${options.publicId}/startChat`
        : `/api/v1/sessions/${options.sessionIds?.[index]}/continueChat`;
    const body = options.mode === "start" ? "{}" : JSON.stringify({ message: `answer ${index}-${turn++}` });
    const sentAt = performance.now();
    try {
      const status = await post(path, body);
      const doneAt = performance.now();
      if (status === 200) completed++;
      if (status !== 200) {
        errors++;
        firstError ||= `HTTP ${status} on ${path}`;
      } else if (sentAt >= measureFrom && doneAt <= stopAt) latencies.push(doneAt - sentAt);
    } catch (error) {
      errors++;
      firstError ||= String(error);
    }
  }
}

await Promise.all(Array.from({ length: options.clients }, (_, index) => runClient(index)));
agent.destroy();
process.stdout.write(
  JSON.stringify({
    count: latencies.length,
    completed,
    errors,
    firstError,
    durationMs: options.durationMs,
    latenciesMs: latencies,
  }),
);
