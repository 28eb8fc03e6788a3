// The sandbox process: runs user code in isolated-vm isolates, one fresh context per job, on behalf of the
// app process that spawned it (see sandboxProcess.ts). It lives in its own process because isolated-vm
// documents some V8 failures (out-of-memory inside a builtin, a script that cannot be terminated) as
// unrecoverable for the process that hosts the isolate: here they end this process only, and the parent
// starts another. Plain CommonJS so that `node` runs it without a TypeScript loader.
"use strict";

// isolated-vm is a native module built for one Node ABI: when it cannot load (built for another Node, a
// corrupt or missing build), this process tells the parent why and ends, and every job fails with that reason.
const ivm = loadIsolatedVm();

function loadIsolatedVm() {
  try {
    return require("isolated-vm");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.send(
      { type: "unavailable", reason: `isolated-vm cannot be loaded by Node ${process.version}: ${reason}` },
      () => process.exit(1),
    );
    return null;
  }
}

// As many idle isolates as the parent runs jobs at once, so a busy period does not create one per job.
const maxPooledIsolatesPerLimit = 8;
const maxJobsPerIsolate = 100;
const idleIsolateLifetimeMs = 60_000;
const maxLogEntries = 100;
const maxLogLength = 2000;
const maxValueBytes = 1024 * 1024;
const maxSetVariablesBytes = 4 * 1024 * 1024;
const maxFetchCalls = 50;

/** memoryLimitMb -> idle isolates */
const idleIsolates = new Map();
/** job id -> { isolate, fetchCalls: Map<callId, {resolve, reject}> } */
const runningJobs = new Map();
let liveIsolates = 0;
let nextFetchCallId = 0;

// Code that runs inside the isolate before the user's function: it exposes setVariable, fetch and console,
// builds the user's async function from source (so it sees only globals, not these locals), and turns every
// outcome into a JSON string so that nothing but a string crosses back (no getter or Proxy runs out here).
// Compiled once per isolate, run in each job's fresh context (about half the cost of evaluating it anew).
const runnerSource = `(function (valuesJson, namesJson, userCode, hostSetVariable, hostLog, hostFetch) {
const toJson = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? "null" : text;
};
const describe = (value) => {
  if (typeof value === "string") return value;
  try { return toJson(value); } catch { return Object.prototype.toString.call(value); }
};
const log = (level) => (...args) => { hostLog(level, args.map(describe).join(" ")); };
globalThis.console = { log: log("log"), info: log("info"), warn: log("warn"), error: log("error"), debug: log("log") };
globalThis.setVariable = (name, value) => { hostSetVariable(String(name), toJson(value)); };
globalThis.fetch = async (url, init) => {
  if (!hostFetch) throw new Error("fetch is not available in this code");
  return hostFetch.apply(undefined, [String(url), toJson(init === undefined ? {} : init)], {
    arguments: { copy: true },
    result: { promise: true, copy: true },
  });
};
const failure = (error) => {
  let name = "Error";
  let message = "Unknown error";
  try {
    if (error instanceof Error) { name = String(error.name); message = String(error.message); }
    else message = String(error);
  } catch {}
  return JSON.stringify({ ok: false, name, message });
};
const run = async () => {
  const AsyncFunction = (async () => {}).constructor;
  const names = JSON.parse(namesJson);
  const values = JSON.parse(valuesJson);
  const userFunction = new AsyncFunction(...names, userCode);
  return toJson(await userFunction(...values));
};
return run().then((valueJson) => JSON.stringify({ ok: true, valueJson }), failure);
})`;

if (ivm) {
  process.on("message", (message) => {
    if (message.type === "run") runJob(message);
    else if (message.type === "fetch-result") settleFetch(message);
    else if (message.type === "stats")
      send({ type: "stats", requestId: message.requestId, stats: getStats() });
  });
  // The parent is gone: nothing left to serve.
  process.on("disconnect", () => process.exit(0));
  send({ type: "ready" });
  setInterval(disposeIdleIsolates, idleIsolateLifetimeMs / 4).unref();
}

function send(message) {
  if (process.connected) process.send(message);
}

function getStats() {
  let idle = 0;
  for (const isolates of idleIsolates.values()) idle += isolates.length;
  return { liveIsolates, idleIsolates: idle, runningJobs: runningJobs.size };
}

function acquireIsolate(memoryLimitMb) {
  const idle = idleIsolates.get(memoryLimitMb);
  while (idle && idle.length > 0) {
    const pooled = idle.pop();
    if (!pooled.isolate.isDisposed) return pooled;
    liveIsolates--;
  }
  const pooled = { isolate: null, runner: null, jobs: 0, currentJobId: null, idleSince: 0 };
  pooled.isolate = new ivm.Isolate({
    memoryLimit: memoryLimitMb,
    // isolated-vm says the process is unstable after this: report the job, then end this process.
    onCatastrophicError: (reason) => {
      const kill = () => process.kill(process.pid, "SIGKILL");
      if (process.connected)
        process.send({ type: "fatal", jobId: pooled.currentJobId, reason: String(reason) }, kill);
      else kill();
    },
  });
  liveIsolates++;
  pooled.runner = pooled.isolate.compileScriptSync(runnerSource);
  return pooled;
}

function releaseIsolate(pooled, memoryLimitMb, isReusable) {
  const idle = idleIsolates.get(memoryLimitMb) ?? [];
  idleIsolates.set(memoryLimitMb, idle);
  pooled.currentJobId = null;
  if (
    isReusable &&
    !pooled.isolate.isDisposed &&
    pooled.jobs < maxJobsPerIsolate &&
    idle.length < maxPooledIsolatesPerLimit
  ) {
    pooled.idleSince = Date.now();
    idle.push(pooled);
    return;
  }
  disposeIsolate(pooled.isolate);
  liveIsolates--;
}

function disposeIdleIsolates() {
  const oldest = Date.now() - idleIsolateLifetimeMs;
  for (const [memoryLimitMb, idle] of idleIsolates) {
    const kept = idle.filter((pooled) => pooled.idleSince > oldest);
    for (const pooled of idle) {
      if (pooled.idleSince > oldest) continue;
      disposeIsolate(pooled.isolate);
      liveIsolates--;
    }
    idleIsolates.set(memoryLimitMb, kept);
  }
}

function disposeIsolate(isolate) {
  try {
    if (!isolate.isDisposed) isolate.dispose();
  } catch {
    // already disposed by its memory limit
  }
}

async function runJob(job) {
  const logs = [];
  /** name -> JSON text of its last value (Map keeps the order of first calls) */
  const setVariables = new Map();
  let setVariablesBytes = 0;
  let isOutputTooLarge = false;
  const fetchCalls = new Map();
  let pooled = null;
  let context = null;
  let runner = null;
  let deadline = null;
  let hasTimedOut = false;
  let isReusable = false;
  try {
    pooled = acquireIsolate(job.memoryLimitMb);
    pooled.jobs++;
    pooled.currentJobId = job.id;
    runningJobs.set(job.id, { fetchCalls, fetchCount: 0 });
    // Wall-clock budget of the whole job; isolated-vm's own timeout does not cover code resumed after an await.
    deadline = setTimeout(() => {
      hasTimedOut = true;
      disposeIsolate(pooled.isolate);
    }, job.timeoutMs);
    context = await pooled.isolate.createContext();
    const onSetVariable = new ivm.Callback((name, valueJson) => {
      setVariablesBytes += valueJson.length - (setVariables.get(name)?.length ?? 0);
      if (valueJson.length > maxValueBytes || setVariablesBytes > maxSetVariablesBytes) {
        isOutputTooLarge = true;
        throw new Error("The variables set are larger than allowed");
      }
      setVariables.set(name, valueJson);
    });
    const onLog = new ivm.Callback((level, text) => {
      if (logs.length < maxLogEntries) logs.push({ level, message: text.slice(0, maxLogLength) });
    });
    const onFetch = job.hasFetch
      ? new ivm.Reference((url, initJson) => requestFetch(job.id, url, initJson))
      : undefined;
    runner = await pooled.runner.run(context, { reference: true, timeout: job.timeoutMs });
    const outcomeJson = await runner.apply(
      undefined,
      [job.valuesJson, job.namesJson, job.code, onSetVariable, onLog, onFetch],
      { result: { promise: true, copy: true }, timeout: job.timeoutMs },
    );
    const outcome = JSON.parse(outcomeJson);
    isReusable = true;
    if (isOutputTooLarge) {
      const message = "The variables set are larger than 1 MiB each or 4 MiB in all";
      finish(job, { ok: false, error: { code: "MEMORY", message }, logs });
    } else if (outcome.ok && outcome.valueJson.length > maxValueBytes) {
      finish(job, { ok: false, error: { code: "MEMORY", message: "The result is larger than 1 MiB" }, logs });
    } else if (outcome.ok) {
      finish(job, { ok: true, valueJson: outcome.valueJson, setVariables: [...setVariables], logs });
    } else {
      const error = classifyThrown(outcome.name, outcome.message);
      // An allocation the isolate refused may leave its heap crowded: do not lend it to another job.
      isReusable = error.code === "ERROR";
      finish(job, { ok: false, error, logs });
    }
  } catch (error) {
    finish(job, { ok: false, error: classifyAbort(error, hasTimedOut), logs });
  } finally {
    clearTimeout(deadline);
    for (const call of fetchCalls.values()) call.reject(new Error("The code has ended"));
    runningJobs.delete(job.id);
    try {
      runner?.release();
      context?.release();
    } catch {
      // the isolate is gone, and its contexts and references with it
    }
    if (pooled) releaseIsolate(pooled, job.memoryLimitMb, isReusable && !hasTimedOut);
  }
}

function finish(job, result) {
  send({ type: "result", id: job.id, result });
}

function requestFetch(jobId, url, initJson) {
  const running = runningJobs.get(jobId);
  if (!running) return Promise.reject(new Error("The code has ended"));
  if (++running.fetchCount > maxFetchCalls)
    return Promise.reject(new Error(`More than ${maxFetchCalls} fetch calls`));
  const callId = nextFetchCallId++;
  return new Promise((resolve, reject) => {
    running.fetchCalls.set(callId, { resolve, reject });
    send({ type: "fetch", jobId, callId, url, initJson });
  });
}

function settleFetch(message) {
  const call = runningJobs.get(message.jobId)?.fetchCalls.get(message.callId);
  if (!call) return;
  runningJobs.get(message.jobId).fetchCalls.delete(message.callId);
  if (message.ok) call.resolve(message.text);
  else call.reject(new Error(message.message));
}

/** An error the user's code threw (or caused) and caught by the bootstrap. */
function classifyThrown(name, message) {
  const isAllocationFailure =
    name === "RangeError" &&
    /^(Array buffer allocation failed|Invalid string length|Invalid array length|Invalid typed array length)/.test(
      message,
    );
  return {
    code: isAllocationFailure ? "MEMORY" : "ERROR",
    message: `${name}: ${message}`.slice(0, maxLogLength),
  };
}

/** The isolate stopped the code: our deadline, isolated-vm's timeout, or the memory limit. */
function classifyAbort(error, hasTimedOut) {
  const message = String(error?.message ?? error);
  if (/memory limit/i.test(message))
    return { code: "MEMORY", message: "The code used more memory than allowed" };
  if (hasTimedOut || /timed out/i.test(message))
    return { code: "TIMEOUT", message: "The code ran out of time" };
  return { code: "ERROR", message: message.slice(0, maxLogLength) };
}
