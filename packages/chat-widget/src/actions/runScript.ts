const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

export interface ScriptArgument {
  id: string;
  value: unknown;
}

/** Longest a sandboxed script may run before its worker is terminated. */
export const sandboxTimeoutMs = 10_000;

/**
 * Runs bot code in the host page (trusted code of the bot's own author: it may need the
 * page, e.g. to push an analytics event). Arguments are the variables the code references.
 */
export async function runScriptInPage(content: string, args: readonly ScriptArgument[]): Promise<unknown> {
  const run = new AsyncFunction(...args.map((arg) => arg.id), content);
  return run(...args.map((arg) => arg.value));
}

/**
 * Worker prelude: the code gets no DOM, no storage and no credentials. `fetch` always omits
 * cookies and HTTP auth, and the APIs that could reach the page's origin with them
 * (XMLHttpRequest, WebSocket, EventSource, nested workers, importScripts, IndexedDB, Cache
 * Storage) are removed before the code runs.
 */
const workerSource = `
"use strict";
const nativeFetch = self.fetch.bind(self);
const safeFetch = (input, init) => nativeFetch(input, { ...(init || {}), credentials: "omit", mode: "cors" });
for (const name of ["XMLHttpRequest", "WebSocket", "EventSource", "Worker", "SharedWorker", "importScripts", "indexedDB", "caches", "BroadcastChannel"]) {
  try { Object.defineProperty(self, name, { value: undefined, configurable: false, writable: false }); } catch {}
}
Object.defineProperty(self, "fetch", { value: safeFetch, configurable: false, writable: false });
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor;
self.onmessage = async (event) => {
  const { content, names, values } = event.data;
  try {
    const result = await new AsyncFunction(...names, content)(...values);
    let transferable;
    try { transferable = structuredClone(result); } catch { transferable = String(result); }
    self.postMessage({ ok: true, result: transferable });
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
`;

/**
 * Runs untrusted bot code (imported bots, the builder preview) in a dedicated Web Worker:
 * off the page's DOM, storage and credentials, terminated after `sandboxTimeoutMs`.
 */
export function runScriptInWorker(
  content: string,
  args: readonly ScriptArgument[],
  timeoutMs = sandboxTimeoutMs,
): Promise<unknown> {
  const url = URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" }));
  const worker = new Worker(url);
  return new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error(`Script timed out after ${timeoutMs / 1000} s`));
    }, timeoutMs);
    worker.onmessage = (event: MessageEvent<{ ok: boolean; result?: unknown; error?: string }>) => {
      clearTimeout(timer);
      worker.terminate();
      if (event.data.ok) resolve(event.data.result);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      clearTimeout(timer);
      worker.terminate();
      reject(new Error(event.message || "Script failed"));
    };
    worker.postMessage({
      content,
      names: args.map((arg) => arg.id),
      values: args.map((arg) => toCloneable(arg.value)),
    });
  }).finally(() => URL.revokeObjectURL(url));
}

function toCloneable(value: unknown) {
  try {
    return structuredClone(value);
  } catch {
    return String(value);
  }
}

/** The text sent back to the server for a script result (strings as they are, the rest as JSON). */
export function stringifyScriptResult(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
