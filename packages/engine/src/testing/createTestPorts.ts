import vm from "node:vm";
import type { CodeResult, EnginePorts, ExpressionResult, HttpResult, OutgoingHttpRequest } from "../ports";
import type { FlowSnapshot } from "../types/flow";

export const TEST_NOW = new Date("2026-08-21T10:00:00.000Z");

export interface TestPortsOptions {
  now?: Date;
  /** Seed of the deterministic random source. */
  seed?: number;
  /** Bots `loadBot` can find (any workspace check is done against `workspaceId`). */
  bots?: FlowSnapshot[];
  fetchHttp?: EnginePorts["fetchHttp"];
  sendEmail?: EnginePorts["sendEmail"];
  ai?: EnginePorts["ai"];
  createPaymentIntent?: EnginePorts["createPaymentIntent"];
  googleSheets?: EnginePorts["googleSheets"];
  plugins?: EnginePorts["plugins"];
  readHandoffQueue?: EnginePorts["readHandoffQueue"];
}

/**
 * Deterministic ports for tests: a fixed clock, counting ids, a seeded random source, code run with
 * `node:vm` (NOT a sandbox: tests only) and plain `fetch` to local test servers (no SSRF rules).
 */
export const createTestPorts = (options: TestPortsOptions = {}): EnginePorts => {
  let idCounter = 0;
  const random = createSeededRandom(options.seed ?? 42);
  const bots = options.bots ?? [];
  return {
    now: () => new Date((options.now ?? TEST_NOW).getTime()),
    createId: () => {
      idCounter += 1;
      return `testid${idCounter}`;
    },
    random,
    fetchHttp: options.fetchHttp ?? fetchLocally,
    runCode: runCodeInVm,
    evaluateExpression: evaluateInVm,
    loadBot: async ({ botId, workspaceId, isPreview, flowId }) => {
      const bot = bots.find(
        (candidate) =>
          candidate.botId === botId &&
          candidate.workspaceId === workspaceId &&
          (flowId ? candidate.id === flowId : true) &&
          (isPreview || candidate.publishedAt !== null),
      );
      return bot ?? null;
    },
    ...(options.sendEmail ? { sendEmail: options.sendEmail } : {}),
    ...(options.ai ? { ai: options.ai } : {}),
    ...(options.createPaymentIntent ? { createPaymentIntent: options.createPaymentIntent } : {}),
    ...(options.googleSheets ? { googleSheets: options.googleSheets } : {}),
    ...(options.plugins ? { plugins: options.plugins } : {}),
    ...(options.readHandoffQueue ? { readHandoffQueue: options.readHandoffQueue } : {}),
    environmentName: "web",
  };
};

/** mulberry32: small, seeded, uniform in [0, 1). */
const createSeededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
};

const fetchLocally = async (request: OutgoingHttpRequest): Promise<HttpResult> => {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    return {
      ok: true,
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: await response.text(),
    };
  } catch (error) {
    const isTimeout = error instanceof Error && error.name === "TimeoutError";
    return { ok: false, error: { code: isTimeout ? "TIMEOUT" : "NETWORK", message: String(error) } };
  }
};

const runCodeInVm = async ({
  code,
  args,
  timeoutMs,
}: Parameters<EnginePorts["runCode"]>[0]): Promise<CodeResult> => {
  const setVariables: { name: string; value: unknown }[] = [];
  const context = vm.createContext({
    ...Object.fromEntries(args.map((arg) => [arg.name, arg.value])),
    setVariable: (name: string, value: unknown) => setVariables.push({ name, value }),
  });
  try {
    const value = await vm.runInContext(`(async () => {\n${code}\n})()`, context, { timeout: timeoutMs });
    return {
      ok: true,
      value: toPlainData(value),
      setVariables: toPlainData(setVariables) as typeof setVariables,
    };
  } catch (error) {
    return { ok: false, error: getErrorMessage(error) };
  }
};

/** Errors thrown inside a vm context are not instances of this realm's Error. */
const getErrorMessage = (error: unknown): string => {
  if (typeof error === "object" && error !== null && "message" in error) {
    const name = "name" in error && error.name !== "Error" ? `${String(error.name)}: ` : "";
    return `${name}${String(error.message)}`;
  }
  return String(error);
};

const evaluateInVm = async ({
  expression,
  scope,
  timeoutMs,
}: Parameters<EnginePorts["evaluateExpression"]>[0]): Promise<ExpressionResult> => {
  try {
    const value = vm.runInContext(`(${expression})`, vm.createContext({ ...scope }), { timeout: timeoutMs });
    return { ok: true, value: toPlainData(await value) };
  } catch (error) {
    return { ok: false, error: getErrorMessage(error) };
  }
};

const toPlainData = (value: unknown): unknown => {
  const json = JSON.stringify(value);
  return json === undefined ? undefined : JSON.parse(json);
};
