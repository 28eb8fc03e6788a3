import {
  type AiResponseMapping,
  aiBlockTypes,
  type Block,
  type BotTestStub,
  type BotTestStubKind,
  defaultAiResponseValue,
  type Group,
} from "@parley/schemas";
import type { AiAgentTurnResult, EnginePorts, HttpResult } from "../ports";

/**
 * What the runner takes from its caller: what stays inside the product (the clock, the code sandbox, other bots
 * of the workspace). Ids and the random source are the runner's own, so a test runs the same every time.
 */
export type BotTestBasePorts = Pick<EnginePorts, "now" | "runCode" | "evaluateExpression" | "loadBot"> &
  Partial<Pick<EnginePorts, "readHandoffQueue" | "checkTurnBudget">>;

/** An outside call the test has no stub for: the first one ends the run. */
export interface MissingStub {
  kind: BotTestStubKind;
  blockId: string;
  blockType: string;
  groupTitle: string | null;
}

export interface StubbedPorts {
  ports: EnginePorts;
  /** Groups reached since the last `takeReachedGroups`, in order. */
  takeReachedGroups(): Group[];
  /** The first outside call without a stub, if any. */
  readMissingStub(): MissingStub | null;
  /** The stub of a block, if the test has one of that kind. */
  findStub<K extends BotTestStubKind>(
    kind: K,
    blockId: string,
  ): Extract<BotTestStub, { kind: K }> | undefined;
  /** Records an outside call without stub found by the runner itself (a waiting block). */
  reportMissing(missing: MissingStub): void;
}

/**
 * The engine's ports for one test run: the caller's own (code sandbox, linked bots, clock, ids) and, for every
 * port that reaches outside the product, the test's stubs by block id. A call with no stub is answered as a
 * failure (so the walk ends its turn normally) and recorded: the runner then fails the test naming the block.
 */
export function createStubbedPorts(
  base: BotTestBasePorts,
  stubs: BotTestStub[],
  options: {
    onBlockRun?: (run: { group: Group; block: Block }) => void;
    /** A value for random() while `block` runs (a replay's recorded AB test draw); undefined: the seeded source. */
    steerRandom?: (block: Block) => number | undefined;
  } = {},
): StubbedPorts {
  let current: { group: Group; block: Block } | null = null;
  let reached: Group[] = [];
  let missing: MissingStub | null = null;
  const agentCalls = new Map<string, number>();
  let idCount = 0;
  let randomState = 1;

  const findStub = <K extends BotTestStubKind>(kind: K, blockId: string) =>
    stubs.find(
      (stub): stub is Extract<BotTestStub, { kind: K }> => stub.kind === kind && stub.blockId === blockId,
    );
  const reportMissing = (entry: MissingStub) => {
    missing ??= entry;
  };
  /** The stub for the block the walk is running; records it as missing when there is none. */
  const stubOfCurrentBlock = <K extends BotTestStubKind>(kind: K) => {
    if (!current) return undefined;
    const stub = findStub(kind, current.block.id);
    if (!stub)
      reportMissing({
        kind,
        blockId: current.block.id,
        blockType: current.block.type,
        groupTitle: current.group.title,
      });
    return stub;
  };
  const stubOfBlock = <K extends BotTestStubKind>(kind: K, block: Block) => {
    const stub = findStub(kind, block.id);
    if (!stub)
      reportMissing({
        kind,
        blockId: block.id,
        blockType: block.type,
        groupTitle: current?.block.id === block.id ? current.group.title : null,
      });
    return stub;
  };
  const noStub = "No stub in this test: the call was not made";

  const ports: EnginePorts = {
    ...base,
    environmentName: "web",
    createId: () => `bot-test-${++idCount}`,
    // mulberry32 from a fixed seed: an A/B test takes the same path on every run.
    random() {
      const steered = current ? options.steerRandom?.(current.block) : undefined;
      if (steered !== undefined) return steered;
      randomState = (randomState + 0x6d2b79f5) >>> 0;
      let value = randomState;
      value = Math.imul(value ^ (value >>> 15), value | 1);
      value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
      return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
    },
    onBlockRun(run) {
      current = run;
      options.onBlockRun?.(run);
      if (reached.at(-1) !== run.group) reached.push(run.group);
    },
    async fetchHttp(): Promise<HttpResult> {
      const stub = stubOfCurrentBlock("http");
      if (!stub) return { ok: false, error: { code: "NETWORK", message: noStub } };
      return { ok: true, status: stub.status, headers: stub.headers, body: stub.body };
    },
    async sendEmail() {
      const stub = stubOfCurrentBlock("email");
      if (!stub) return { ok: false, error: noStub };
      return stub.outcome === "sent"
        ? { ok: true }
        : { ok: false, error: "The e-mail was not sent (test stub)" };
    },
    ai: {
      blockTypes: aiBlockTypes,
      async executeBlock(request) {
        const stub = stubOfBlock("ai", request.block);
        if (!stub) return { variableUpdates: [], logs: [{ status: "error", description: noStub }] };
        const options = (request.block.options ?? {}) as { responseMapping?: AiResponseMapping[] };
        const answerUpdates = (options.responseMapping ?? [])
          .filter((mapping) => (mapping.item ?? defaultAiResponseValue) === defaultAiResponseValue)
          .flatMap((mapping) =>
            mapping.variableId ? [{ variableId: mapping.variableId, value: stub.answer }] : [],
          );
        const namedUpdates = Object.entries(stub.variables).flatMap(([name, value]) => {
          const variable = request.variables.find((candidate) => candidate.name === name);
          return variable ? [{ variableId: variable.id, value }] : [];
        });
        return { variableUpdates: [...answerUpdates, ...namedUpdates], logs: [] };
      },
    },
    aiAgent: {
      async runTurn(request): Promise<AiAgentTurnResult> {
        const stub = stubOfBlock("aiAgent", request.block);
        const base = { sources: [], variableUpdates: [], logs: [] };
        if (!stub) return { ...base, reply: "", isFallback: true, step: { type: "stay" } };
        const call = agentCalls.get(request.block.id) ?? 0;
        agentCalls.set(request.block.id, call + 1);
        const isLast = call >= stub.replies.length - 1;
        const reply = stub.replies[Math.min(call, stub.replies.length - 1)] ?? "";
        return {
          ...base,
          reply,
          isFallback: false,
          step: isLast && stub.afterLastReply === "end" ? { type: "end" } : { type: "stay" },
        };
      },
    },
    async createPaymentIntent(request) {
      const stub = findStub("payment", request.blockId);
      if (!stub) {
        reportMissing({
          kind: "payment",
          blockId: request.blockId,
          blockType: current?.block.type ?? "payment input",
          groupTitle: current?.group.title ?? null,
        });
        return { ok: false, error: noStub };
      }
      if (stub.outcome === "failed") return { ok: false, error: "The payment was declined (test stub)" };
      return {
        ok: true,
        runtimeOptions: {
          paymentIntentSecret: "test_secret",
          amountLabel: request.amount,
          publicKey: "test_key",
        },
      };
    },
    plugins: {
      async executeBlock(request) {
        const stub = stubOfBlock("plugin", request.block);
        if (!stub) return { variableUpdates: [], logs: [{ status: "error", description: noStub }] };
        if (stub.outcome === "failed")
          return {
            variableUpdates: [],
            logs: [{ status: "error", description: "The service answered an error (test stub)" }],
          };
        const variableUpdates = Object.entries(stub.variables).flatMap(([name, value]) => {
          const variable = request.variables.find((candidate) => candidate.name === name);
          return variable ? [{ variableId: variable.id, value }] : [];
        });
        return { variableUpdates, logs: [] };
      },
    },
    googleSheets: {
      async readSheet() {
        const stub = stubOfCurrentBlock("googleSheets");
        if (!stub) return { ok: false, error: noStub };
        return { ok: true, table: { title: "Sheet", header: stub.header, rows: stub.rows } };
      },
      async appendRow() {
        return stubOfCurrentBlock("googleSheets") ? { ok: true } : { ok: false, error: noStub };
      },
      async updateRows() {
        return stubOfCurrentBlock("googleSheets") ? { ok: true } : { ok: false, error: noStub };
      },
    },
  };
  return {
    ports,
    takeReachedGroups() {
      const taken = reached;
      reached = [];
      return taken;
    },
    readMissingStub: () => missing,
    findStub,
    reportMissing,
  };
}
