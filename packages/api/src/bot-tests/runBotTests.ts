import { performance } from "node:perf_hooks";
import type { BotModel, Database } from "@parley/db";
import { storedFlowSelect, toDraftFlowSnapshot, toPublishedFlowSnapshot } from "@parley/db/storedFlow";
import type { BotTestBasePorts, FlowSnapshot, LoadBotRequest, SandboxFailure } from "@parley/engine";
import { runBotTest } from "@parley/engine";
import { evaluateExpression } from "@parley/integrations/sandbox/evaluateExpression";
import { runUserCode } from "@parley/integrations/sandbox/runUserCode";
import { AppError } from "@parley/platform/errors";
import { type BotTest, type BotTestResult, readBotTests } from "@parley/schemas";

export interface BotTestsReport {
  results: BotTestResult[];
  summary: { total: number; passed: number; failed: number };
}

/**
 * Runs a bot's tests (those named by `testIds`; `tests` instead of the stored ones) against its draft, one after the other (docs/bot-tests.md). User code
 * runs in the sandbox as in a chat, without its `fetch` (a test never calls the outside world); a linked bot is
 * its published version, as visitors would get it. Nothing is stored.
 */
export async function runBotTests(
  prisma: Database,
  bot: BotModel,
  { testIds, tests: given }: { testIds?: string[]; tests?: BotTest[] } = {},
): Promise<BotTestsReport> {
  const stored = given ?? readBotTests(bot.tests);
  const unknown = (testIds ?? []).flatMap((id, index) =>
    stored.some((test) => test.id === id)
      ? []
      : [
          {
            code: "UNKNOWN_TEST",
            path: ["testIds", index],
            message: `The bot has no test with the id ${JSON.stringify(id)}`,
          },
        ],
  );
  if (unknown.length > 0) throw new AppError("BAD_REQUEST", unknown);
  if (stored.length === 0) return { results: [], summary: { total: 0, passed: 0, failed: 0 } };
  const flow = toDraftFlowSnapshot(bot.id, bot.workspaceId, bot);
  const tests = stored.filter((test) => !testIds || testIds.includes(test.id));
  const ports = createBotTestPorts(prisma);
  const results: BotTestResult[] = [];
  for (const test of tests) results.push(await runOneTest(flow, test, ports));
  const passed = results.filter((result) => result.status === "passed").length;
  return { results, summary: { total: results.length, passed, failed: results.length - passed } };
}

async function runOneTest(
  flow: FlowSnapshot,
  test: BotTest,
  ports: BotTestBasePorts,
): Promise<BotTestResult> {
  const startedAt = performance.now();
  const run = await runBotTest({ flow, test, ports });
  return { ...run, durationMs: Math.round((performance.now() - startedAt) * 100) / 100 };
}

export function createBotTestPorts(prisma: Database): BotTestBasePorts {
  return {
    now: () => new Date(),
    async runCode(request) {
      const result = await runUserCode({
        code: request.code,
        variables: Object.fromEntries(request.args.map((arg) => [arg.name, arg.value])),
        timeoutMs: request.timeoutMs,
      });
      if (!result.ok) return sandboxFailure(result.error);
      return {
        ok: true,
        value: result.value,
        setVariables: Object.entries(result.setVariables).map(([name, value]) => ({ name, value })),
      };
    },
    async evaluateExpression(request) {
      const result = await evaluateExpression(request.expression, request.scope, {
        timeoutMs: request.timeoutMs,
      });
      return result.ok ? { ok: true, value: result.value } : sandboxFailure(result.error);
    },
    loadBot: (request) => loadLinkedBot(prisma, request),
  };
}

function sandboxFailure(error: { code: string; message: string }): SandboxFailure {
  return error.code === "UNAVAILABLE"
    ? { ok: false, error: error.message, isSandboxUnavailable: true }
    : { ok: false, error: error.message };
}

/** Bot link: another bot of the workspace, its current published version (or the exact version resumed). */
async function loadLinkedBot(prisma: Database, request: LoadBotRequest): Promise<FlowSnapshot | null> {
  const versionSelect = {
    ...storedFlowSelect,
    id: true,
    botId: true,
    schemaVersion: true,
    createdAt: true,
  } as const;
  const bot = await prisma.bot.findFirst({
    where: { id: request.botId, workspaceId: request.workspaceId, isArchived: false },
    select: {
      ...storedFlowSelect,
      version: true,
      updatedAt: true,
      publishedBot: { select: versionSelect },
    },
  });
  if (!bot) return null;
  if (request.isPreview) return toDraftFlowSnapshot(request.botId, request.workspaceId, bot);
  if (request.flowId) {
    const version = await prisma.publishedBot.findFirst({
      where: { id: request.flowId, botId: request.botId },
      select: versionSelect,
    });
    return version ? toPublishedFlowSnapshot({ ...version, workspaceId: request.workspaceId }) : null;
  }
  return bot.publishedBot
    ? toPublishedFlowSnapshot({ ...bot.publishedBot, workspaceId: request.workspaceId })
    : null;
}
