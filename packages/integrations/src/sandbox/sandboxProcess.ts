import { type ChildProcess, spawn } from "node:child_process";
import { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { logger } from "@parley/platform/logger";
import { z } from "zod";
import { errorMessageOf } from "../caughtError";

/** UNAVAILABLE: the sandbox itself cannot run code (its native module does not load); not the code's fault. */
export type SandboxErrorCode = "TIMEOUT" | "MEMORY" | "ERROR" | "UNAVAILABLE";
export interface SandboxLog {
  level: "log" | "info" | "warn" | "error";
  message: string;
}
/** What user code's `fetch(url, init)` calls: answers the response text, throws to reject. */
export type SandboxFetch = (url: string, init: SandboxFetchInit) => Promise<string>;
export interface SandboxFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface SandboxJob {
  code: string;
  names: string[];
  values: unknown[];
  timeoutMs: number;
  memoryLimitMb: number;
  fetch?: SandboxFetch;
}

export type SandboxJobResult =
  | { ok: true; valueJson: string; setVariables: [string, string][]; logs: SandboxLog[] }
  | { ok: false; error: { code: SandboxErrorCode; message: string }; logs: SandboxLog[] };

export interface SandboxStats {
  /** Isolates alive in the sandbox process: running jobs' plus idle pooled ones. */
  liveIsolates: number;
  idleIsolates: number;
  runningJobs: number;
  /** Sandbox processes started so far by this process (a crash or a stuck isolate starts another). */
  processStarts: number;
  /** Operating-system id of the current sandbox process. */
  processId: number | null;
}

/** Time the sandbox process gets past a job's budget to answer before it is considered stuck and killed. */
const stuckGraceMs = 2000;
const startTimeoutMs = 15_000;
const maxRunningJobs = 8;

interface PendingJob {
  job: SandboxJob;
  resolve: (result: SandboxJobResult) => void;
  watchdog: NodeJS.Timeout;
}

interface SandboxProcess {
  child: ChildProcess;
  ready: Promise<boolean>;
  /** Why the process cannot run code (isolated-vm did not load), when it said so. */
  unavailableReason: string | null;
  pending: Map<number, PendingJob>;
  statsRequests: Map<number, (stats: Omit<SandboxStats, "processStarts" | "processId">) => void>;
  /** Stopped on purpose (shutdown): its exit is not worth a warning. */
  isStopping: boolean;
}

let current: SandboxProcess | null = null;
/** The host script the sandbox process runs; resolved on first use (module URLs are file: URLs only in Node). */
let hostScript: string | null = null;
let processStarts = 0;
let nextId = 1;
let runningJobs = 0;
const waitingForSlot: (() => void)[] = [];

/** Runs one job in the sandbox process (started on first use, restarted after a crash). Never rejects. */
export async function runInSandboxProcess(job: SandboxJob): Promise<SandboxJobResult> {
  let valuesJson: string;
  try {
    valuesJson = JSON.stringify(job.values);
  } catch (error) {
    return failed("ERROR", `The variables cannot be passed to the code: ${errorMessageOf(error)}`);
  }
  await acquireSlot();
  try {
    const sandbox = getSandboxProcess();
    if (!(await sandbox.ready)) {
      return failed(
        "UNAVAILABLE",
        `The code sandbox could not start${sandbox.unavailableReason ? `: ${sandbox.unavailableReason}` : ""}`,
      );
    }
    const id = nextId++;
    return await new Promise<SandboxJobResult>((resolve) => {
      const watchdog = setTimeout(() => {
        // The process did not answer within the budget plus grace: an isolate it cannot stop holds it.
        settle(sandbox, id, failed("TIMEOUT", "The code ran out of time"));
        retire(sandbox);
      }, job.timeoutMs + stuckGraceMs);
      sandbox.pending.set(id, { job, resolve, watchdog });
      updateKeepAlive(sandbox);
      const { code, names, timeoutMs, memoryLimitMb } = job;
      const namesJson = JSON.stringify(names);
      sandbox.child.send({
        type: "run",
        id,
        code,
        namesJson,
        valuesJson,
        timeoutMs,
        memoryLimitMb,
        hasFetch: !!job.fetch,
      });
    });
  } finally {
    releaseSlot();
  }
}

/** Counters of the sandbox process (starts it if needed). */
export async function getSandboxStats(): Promise<SandboxStats> {
  const sandbox = getSandboxProcess();
  await sandbox.ready;
  const requestId = nextId++;
  const stats = await new Promise<Omit<SandboxStats, "processStarts" | "processId">>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("The code sandbox did not answer")), startTimeoutMs);
    sandbox.statsRequests.set(requestId, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    updateKeepAlive(sandbox);
    sandbox.child.send({ type: "stats", requestId });
  });
  return { ...stats, processStarts, processId: sandbox.child.pid ?? null };
}

/**
 * Runs the next sandbox processes from another copy of the host script (and so with the isolated-vm its module
 * resolution finds there); null restores the default. Tests use it to load a broken build for real.
 */
export async function useSandboxHostScript(scriptPath: string | null): Promise<void> {
  await stopSandboxProcess();
  hostScript = scriptPath;
}

/** Ends the sandbox process (graceful shutdown, tests); the next job starts a new one. */
export async function stopSandboxProcess(): Promise<void> {
  const sandbox = current;
  if (!sandbox) return;
  const exited = new Promise((resolve) => sandbox.child.once("exit", resolve));
  sandbox.child.ref(); // wait for the exit even when nothing else keeps this process alive
  sandbox.isStopping = true;
  retire(sandbox);
  await exited;
}

function getSandboxProcess(): SandboxProcess {
  if (current) return current;
  // No inherited environment or flags: the sandbox process needs neither secrets nor the app's loaders.
  hostScript ??= fileURLToPath(new URL("./sandboxHost.cjs", import.meta.url));
  const child = spawn(process.execPath, [hostScript], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    env: { NODE_ENV: "production" },
  });
  processStarts++;
  let markReady: (isReady: boolean) => void = () => {};
  const sandbox: SandboxProcess = {
    child,
    ready: new Promise((resolve) => {
      markReady = resolve;
    }),
    unavailableReason: null,
    pending: new Map(),
    statsRequests: new Map(),
    isStopping: false,
  };
  current = sandbox;
  const startTimer = setTimeout(() => {
    markReady(false);
    retire(sandbox);
  }, startTimeoutMs);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString("utf8");
  });
  child.on("message", (message: HostMessage) => handleHostMessage(sandbox, message, markReady, startTimer));
  child.on("error", () => retire(sandbox));
  child.once("exit", (exitCode, signal) => {
    clearTimeout(startTimer);
    markReady(false);
    if (current === sandbox) current = null;
    for (const id of [...sandbox.pending.keys()]) {
      settle(sandbox, id, failed("ERROR", "The code sandbox stopped while this code ran"));
    }
    if (sandbox.unavailableReason) {
      // Every Code block, Set variable code and inline expression fails until this is fixed: say it loudly.
      logger.error(
        {
          reason: sandbox.unavailableReason,
          nodeVersion: process.version,
          nodeAbi: process.versions.modules,
        },
        "code sandbox unavailable: isolated-vm cannot be loaded (reinstall it for this Node: npm ci)",
      );
    } else if (exitCode !== 0)
      logger.warn({ exitCode, signal, stderr: stderr.slice(0, 4096) }, "code sandbox process ended");
  });
  // The stderr pipe alone must not keep the server's event loop alive.
  if (child.stderr instanceof Socket) child.stderr.unref();
  return sandbox;
}

function handleHostMessage(
  sandbox: SandboxProcess,
  message: HostMessage,
  markReady: (isReady: boolean) => void,
  startTimer: NodeJS.Timeout,
) {
  switch (message.type) {
    case "ready":
      clearTimeout(startTimer);
      markReady(true);
      updateKeepAlive(sandbox);
      return;
    case "result":
      settle(sandbox, message.id, message.result);
      return;
    case "unavailable":
      clearTimeout(startTimer);
      sandbox.unavailableReason = message.reason;
      markReady(false);
      return;
    case "fetch":
      void forwardFetch(sandbox, message);
      return;
    case "stats":
      sandbox.statsRequests.get(message.requestId)?.(message.stats);
      sandbox.statsRequests.delete(message.requestId);
      updateKeepAlive(sandbox);
      return;
    case "fatal": {
      // isolated-vm lost control of an isolate: the culprit gets its code, the process is replaced.
      const isMemory = /memory/i.test(message.reason);
      if (message.jobId !== null) {
        settle(
          sandbox,
          message.jobId,
          isMemory
            ? failed("MEMORY", "The code used more memory than allowed")
            : failed("TIMEOUT", "The code ran out of time"),
        );
      }
      retire(sandbox);
    }
  }
}

/** The sandbox process keeps this process alive only while it has work: an idle one never holds up an exit. */
function updateKeepAlive(sandbox: SandboxProcess) {
  if (sandbox.pending.size > 0 || sandbox.statsRequests.size > 0) {
    sandbox.child.ref();
    sandbox.child.channel?.ref();
  } else {
    sandbox.child.unref();
    sandbox.child.channel?.unref();
  }
}

/** Stops routing jobs to this process and kills it; its other jobs end with ERROR when it exits. */
function retire(sandbox: SandboxProcess) {
  if (current === sandbox) current = null;
  sandbox.child.kill("SIGKILL");
}

type HostMessage =
  | { type: "ready" }
  | { type: "result"; id: number; result: SandboxJobResult }
  | { type: "unavailable"; reason: string }
  | { type: "fetch"; jobId: number; callId: number; url: string; initJson: string }
  | { type: "stats"; requestId: number; stats: Omit<SandboxStats, "processStarts" | "processId"> }
  | { type: "fatal"; jobId: number | null; reason: string };

function settle(sandbox: SandboxProcess, id: number, result: SandboxJobResult) {
  const pending = sandbox.pending.get(id);
  if (!pending) return;
  sandbox.pending.delete(id);
  clearTimeout(pending.watchdog);
  updateKeepAlive(sandbox);
  pending.resolve(result.ok ? result : { ...result, logs: result.logs ?? [] });
}

async function forwardFetch(sandbox: SandboxProcess, message: Extract<HostMessage, { type: "fetch" }>) {
  const fetch = sandbox.pending.get(message.jobId)?.job.fetch;
  const reply = (answer: { ok: true; text: string } | { ok: false; message: string }) => {
    if (sandbox.child.connected)
      sandbox.child.send({ type: "fetch-result", jobId: message.jobId, callId: message.callId, ...answer });
  };
  if (!fetch) return reply({ ok: false, message: "fetch is not available in this code" });
  try {
    reply({ ok: true, text: String(await fetch(message.url, parseFetchInit(message.initJson))) });
  } catch (error) {
    reply({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
}

/** Keeps only the string fields fetch understands from what user code passed. */
function parseFetchInit(initJson: string): SandboxFetchInit {
  const parsed = z.record(z.string(), z.unknown()).safeParse(JSON.parse(initJson));
  if (!parsed.success) return {};
  const { method, headers, body } = parsed.data;
  const init: SandboxFetchInit = {};
  if (typeof method === "string") init.method = method;
  if (typeof body === "string") init.body = body;
  if (typeof headers === "object" && headers !== null) {
    init.headers = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
  }
  return init;
}

function failed(code: SandboxErrorCode, message: string): SandboxJobResult {
  return { ok: false, error: { code, message }, logs: [] };
}

async function acquireSlot() {
  if (runningJobs < maxRunningJobs) {
    runningJobs++;
    return;
  }
  await new Promise<void>((resolve) => waitingForSlot.push(resolve));
}

function releaseSlot() {
  const next = waitingForSlot.shift();
  if (next) next();
  else runningJobs--;
}
