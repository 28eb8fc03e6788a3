import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import { runUserCode } from "./runUserCode";
import { getSandboxStats, stopSandboxProcess } from "./sandboxProcess";

// Each snippet tries to leave the sandbox or exhaust the machine. Escapes that reach a `process` would use it to
// write the marker file (so a success is visible on disk); every snippet must end with the listed outcome.
const marker = path.join(tmpdir(), `parley-sandbox-escape-${process.pid}-${Date.now()}`);
const escapeWith = (getProcess: string) =>
  `const p = ${getProcess}; p.mainModule.require("fs").writeFileSync(marker, "escaped"); return "escaped";`;
// (module (func (export "f") (loop (br 0))))
const wasmLoop = "[0,97,115,109,1,0,0,0,1,4,1,96,0,0,3,2,1,0,7,5,1,1,102,0,0,10,9,1,7,0,3,64,12,0,11,11]";

type Code = "TIMEOUT" | "MEMORY" | "ERROR";
/** Snippets that exhaust memory get a long budget and a small heap, so the memory limit is what stops them. */
const exhaustion = { timeoutMs: 8000, memoryLimitMb: 16 };
const corpus: [string, string, Code[], { timeoutMs?: number; memoryLimitMb?: number }?][] = [
  ["constructor.constructor", escapeWith("constructor.constructor('return process')()"), ["ERROR"]],
  ["this.constructor.constructor", escapeWith("this.constructor.constructor('return process')()"), ["ERROR"]],
  ["Function of globalThis.process", escapeWith("Function('return globalThis.process')()"), ["ERROR"]],
  ["__proto__ chain", escapeWith("({}).__proto__.constructor.constructor('return process')()"), ["ERROR"]],
  [
    "constructor of a passed value",
    escapeWith("data.constructor.constructor('return process')()"),
    ["ERROR"],
  ],
  [
    "async function constructor",
    escapeWith("await (async () => {}).constructor('return process')()"),
    ["ERROR"],
  ],
  ["eval", escapeWith("eval('process')"), ["ERROR"]],
  ["require", escapeWith("require('child_process')"), ["ERROR"]],
  ["dynamic import", `const fs = await import("fs"); fs.writeFileSync(marker, "escaped");`, ["ERROR"]],
  [
    "stack frames via prepareStackTrace",
    escapeWith(
      "(() => { Error.prepareStackTrace = (_, frames) => frames.map((f) => f.getFunction?.()).find((fn) => fn && fn.constructor('return typeof process')() === 'object'); return new Error().stack.constructor('return process')(); })()",
    ),
    ["ERROR"],
  ],
  ["setTimeout loop", "setTimeout(function again() { setTimeout(again, 0); }, 0);", ["ERROR"]],
  ["infinite while", "while (true) {}", ["TIMEOUT"]],
  ["infinite for inside a promise", "await new Promise(() => { for (;;) {} });", ["TIMEOUT"]],
  ["loop after an await", "await null; for (;;) {}", ["TIMEOUT"]],
  ["async infinite loop of await null", "for (;;) { await null; }", ["TIMEOUT"]],
  ["Atomics.wait forever", "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);", ["TIMEOUT"]],
  [
    "WebAssembly infinite loop",
    `new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(${wasmLoop}))).exports.f();`,
    ["TIMEOUT"],
  ],
  // A stack overflow is an error; on a loaded machine the time budget can run out before the stack does.
  [
    "recursive stack overflow",
    "function deeper() { return deeper() + 1; } return deeper();",
    ["ERROR", "TIMEOUT"],
  ],
  // V8 may spend the time budget in last-resort collections before it gives up: either limit is the right stop.
  ["new Array(1e9).fill(0)", "new Array(1e9).fill(0); return 1;", ["MEMORY", "TIMEOUT"], exhaustion],
  ["string doubling", "let s = 'x'; for (;;) s += s;", ["MEMORY"]],
  [
    "growing array of objects",
    "const all = []; for (;;) all.push({ index: all.length, text: 'x' + all.length });",
    ["MEMORY", "TIMEOUT"],
    exhaustion,
  ],
  [
    "huge SharedArrayBuffer",
    "const big = new SharedArrayBuffer(2 ** 31); return big.byteLength;",
    ["MEMORY"],
  ],
  // 2^40 leaves: serialising never finishes within the budget, whichever limit is met first.
  [
    "huge JSON.stringify",
    "let o = [1]; for (let i = 0; i < 40; i++) o = [o, o]; return JSON.stringify(o).length;",
    ["TIMEOUT", "MEMORY"],
  ],
  [
    "result too large to copy out",
    "return Array.from({ length: 300000 }, (_, i) => 'item ' + i);",
    ["MEMORY"],
    exhaustion,
  ],
  ["setVariable flood", "for (let i = 0; ; i++) setVariable('v' + i, 'x'.repeat(100000));", ["MEMORY"]],
  [
    "Proxy that loops when copied out",
    "return new Proxy({}, { ownKeys() { for (;;) {} }, get() { for (;;) {} } });",
    ["TIMEOUT"],
  ],
  ["getter that loops when copied out", "return { get value() { while (true) {} } };", ["TIMEOUT"]],
  ["BigInt result", "return 10n ** 100n;", ["ERROR"]],
  ["process.exit through eval", "eval('process.exit(1)');", ["ERROR"]],
];

/** Resolves once the sandbox process reports a job in progress. */
async function waitForRunningJob() {
  while ((await getSandboxStats()).runningJobs === 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

afterAll(async () => {
  await stopSandboxProcess();
});

describe("runUserCode escape and exhaustion corpus", () => {
  it("has at least 20 snippets", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20);
  });

  it.each(corpus)(
    "%s ends with its limit's code",
    { timeout: 20_000 },
    async (_name, code, expected, limits) => {
      let hostTicks = 0;
      const ticker = setInterval(() => hostTicks++, 20);
      const result = await runUserCode({
        code,
        variables: { marker, data: { items: [1, 2] } },
        timeoutMs: 500,
        ...limits,
      }).finally(() => clearInterval(ticker));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(expected).toContain(result.error.code);
      expect(existsSync(marker)).toBe(false);
      // The app process kept serving its event loop while the snippet ran.
      if (result.error.code === "TIMEOUT") expect(hostTicks).toBeGreaterThan(0);
    },
  );

  it("keeps globals clean: no host objects, and pollution stays in its own run", async () => {
    const globals = await runUserCode({
      code: "return Object.getOwnPropertyNames(globalThis);",
      variables: {},
    });
    // A bare V8 context of the same engine has the ECMAScript built-ins (and V8's console) only.
    const builtins = new Set(runInNewContext("Object.getOwnPropertyNames(globalThis)") as string[]);
    const added = globals.ok ? (globals.value as string[]).filter((name) => !builtins.has(name)) : null;
    expect(added?.sort()).toEqual(["fetch", "setVariable"]);
    const polluter = await runUserCode({
      code: "Object.prototype.polluted = 'yes'; Array.prototype.map = null; JSON.parse = () => 'hijacked'; setVariable('x', 1); return { get leak() { Object.prototype.leaked = 1; return 'value'; } };",
      variables: {},
    });
    expect(polluter).toMatchObject({ ok: true, value: { leak: "value" }, setVariables: { x: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).leaked).toBeUndefined();
    expect(JSON.parse("[1]")).toEqual([1]);
    expect(typeof process.exit).toBe("function");
    // Same pooled isolate, fresh context: the next run sees pristine builtins.
    const next = await runUserCode({
      code: "return [({}).polluted, typeof Array.prototype.map, JSON.parse('[2]')];",
      variables: {},
    });
    expect(next).toMatchObject({ ok: true, value: [null, "function", [2]] });
  });

  it("answers ERROR for the runs of a sandbox process that died, then starts a new one", async () => {
    const before = await getSandboxStats();
    const running = runUserCode({ code: "await new Promise(() => {});", variables: {}, timeoutMs: 5000 });
    await waitForRunningJob();
    process.kill(before.processId!, "SIGKILL");
    expect(await running).toMatchObject({
      ok: false,
      error: { code: "ERROR", message: expect.stringContaining("stopped") },
    });
    expect(await runUserCode({ code: "return 6 * 7;", variables: {} })).toMatchObject({
      ok: true,
      value: 42,
    });
    const after = await getSandboxStats();
    expect(after.processStarts).toBe(before.processStarts + 1);
    expect(after.processId).not.toBe(before.processId);
  });

  it("replaces a sandbox process that stops answering (TIMEOUT for its run)", {
    timeout: 15_000,
  }, async () => {
    const before = await getSandboxStats();
    const running = runUserCode({ code: "await new Promise(() => {});", variables: {}, timeoutMs: 300 });
    await waitForRunningJob();
    process.kill(before.processId!, "SIGSTOP");
    expect(await running).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
    expect(await runUserCode({ code: "return 'alive';", variables: {} })).toMatchObject({
      ok: true,
      value: "alive",
    });
    expect((await getSandboxStats()).processStarts).toBe(before.processStarts + 1);
  });

  it("leaves no isolate behind: only the small idle pool stays alive", async () => {
    const stats = await getSandboxStats();
    expect(stats.runningJobs).toBe(0);
    expect(stats.liveIsolates).toBe(stats.idleIsolates);
    expect(stats.idleIsolates).toBeLessThanOrEqual(8);
    expect(existsSync(marker)).toBe(false);
  });
});
