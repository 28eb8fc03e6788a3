// npm run bench -- bottests: the engine time of bot tests (docs/bot-tests.md), in process, no database:
//  - one 20-turn test of a 500-group / 3,000-block bot (median of its runs),
//  - 100 tests of that bot run one after another,
// each beside a baseline measured in the same run: the same visitor answers sent through startChat and
// continueChat with the same ports, without the runner's checks. Targets (issue 27): ≤ 50 ms and ≤ 10 s.
import { performance } from "node:perf_hooks";
import {
  continueChat,
  createStubbedPorts,
  type FlowSnapshot,
  runBotTest,
  startChat,
  type TurnOutcome,
} from "@parley/engine";
import { createTestPorts } from "@parley/engine/testing";
import type { BotTest, BotTestStep, ChatMessage } from "@parley/schemas";
import { generateFlow } from "@parley/schemas/bot/testing/generateFlow";
import { latencyFigure, recordFigures } from "./lib/results";

const TURNS = 20;
const TEST_COUNT = 100;
const SINGLE_RUNS = 30;

const document = generateFlow({ groupCount: 500, blockCount: 3_000, seed: 7 });
const flow: FlowSnapshot = {
  id: "bench-flow",
  botId: "bench-bot",
  workspaceId: "bench-workspace",
  version: "6.1",
  publishedAt: null,
  ...document,
};
const base = createTestPorts();

/** The ports a test run gets: the runner's own ids and random source, so a recording replays the same way. */
const freshPorts = (onGroup?: (title: string) => void) => {
  const { ports } = createStubbedPorts(base, []);
  return {
    ...ports,
    onBlockRun(run: Parameters<NonNullable<typeof ports.onBlockRun>>[0]) {
      ports.onBlockRun?.(run);
      onGroup?.(run.group.title);
    },
  };
};

const chatOptions = { textBubbleContentFormat: "richText" as const };

/** Records a conversation as a test, as "Save as test" does: what the bot showed, then the visitor's answer. */
async function recordTest(index: number): Promise<{ test: BotTest; answers: ChatMessage[] }> {
  const steps: BotTestStep[] = [];
  const answers: ChatMessage[] = [];
  let groups: string[] = [];
  const ports = freshPorts((title) => groups.push(title));
  const describeTurn = (outcome: TurnOutcome) => {
    for (const bubble of outcome.response.messages) {
      const text =
        bubble.type === "text" && bubble.content.type === "richText" ? readText(bubble.content.richText) : "";
      if (text.trim()) steps.push({ type: "messageContains", text: text.slice(0, 200) });
    }
    const lastGroup = groups.at(-1);
    if (lastGroup) steps.push({ type: "groupReached", group: lastGroup });
    groups = [];
    if (outcome.response.input) steps.push({ type: "inputAsked", inputType: outcome.response.input.type });
    if (outcome.isCompleted) steps.push({ type: "conversationEnded" });
  };
  let outcome = await startChat(
    {
      flow,
      isPreview: false,
      resultId: "bot-test",
      isStreamEnabled: false,
      isOnlyRegistering: false,
      ...chatOptions,
    },
    ports,
  );
  describeTurn(outcome);
  for (let turn = 0; turn < TURNS && !outcome.isCompleted && outcome.response.input; turn++) {
    const input = outcome.response.input;
    const items =
      "items" in input && Array.isArray(input.items)
        ? (input.items as { id: string; content?: string }[])
        : [];
    const labelled = items.filter((item) => typeof item.content === "string" && item.content.trim() !== "");
    const choice = labelled[(index + turn) % Math.max(labelled.length, 1)];
    let message: ChatMessage;
    if (choice?.content) {
      steps.push({ type: "choice", label: choice.content });
      message = { type: "text", text: choice.content, metadata: { replyId: choice.id } };
    } else {
      const text = answerFor(input.type, index);
      steps.push({ type: "text", text });
      message = { type: "text", text };
    }
    answers.push(message);
    outcome = await continueChat(
      { flow, state: outcome.state, message, isStateHandedOver: true, ...chatOptions },
      ports,
    );
    describeTurn(outcome);
  }
  return { test: { id: `test-${index}`, name: `Recorded ${index}`, steps, stubs: [] }, answers };
}

function answerFor(inputType: string, index: number): string {
  if (inputType === "number input") return String(index + 1);
  if (inputType === "email input") return `visitor${index}@example.com`;
  return `Answer ${index}`;
}

function readText(nodes: unknown[]): string {
  return nodes
    .map((node) => {
      const record = node as { text?: string; children?: unknown[] };
      return typeof record.text === "string" ? record.text : readText(record.children ?? []);
    })
    .join("");
}

/** The baseline: the same answers through the engine, nothing checked. */
async function replayAnswers(answers: ChatMessage[]): Promise<void> {
  const ports = freshPorts();
  let outcome = await startChat(
    {
      flow,
      isPreview: false,
      resultId: "bot-test",
      isStreamEnabled: false,
      isOnlyRegistering: false,
      ...chatOptions,
    },
    ports,
  );
  for (const message of answers) {
    if (outcome.isCompleted) break;
    outcome = await continueChat(
      { flow, state: outcome.state, message, isStateHandedOver: true, ...chatOptions },
      ports,
    );
  }
}

const time = async (run: () => Promise<unknown>) => {
  const startedAt = performance.now();
  await run();
  return performance.now() - startedAt;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const recorded = await Promise.all(Array.from({ length: TEST_COUNT }, (_, index) => recordTest(index)));
const full = recorded.filter(({ answers }) => answers.length === TURNS);
if (full.length === 0) throw new Error("No recorded conversation reached 20 turns: change the seed");
const single = full[0]!;
const stepCounts = recorded.map(({ test }) => test.steps.length);
console.log(
  `3,000-block bot: ${TEST_COUNT} recorded tests, ${full.length} of ${TURNS} turns, ${Math.min(...stepCounts)}-${Math.max(...stepCounts)} steps each`,
);

// Warm-up (JIT, the flow's memoised indexes), then the measured runs.
for (let run = 0; run < 5; run++) {
  await runBotTest({ flow, test: single.test, ports: base });
  await replayAnswers(single.answers);
}
const singleRuns: number[] = [];
const singleBaseline: number[] = [];
for (let run = 0; run < SINGLE_RUNS; run++) {
  singleRuns.push(
    await time(async () => {
      const result = await runBotTest({ flow, test: single.test, ports: base });
      if (result.status !== "passed")
        throw new Error(`The recorded test failed: ${JSON.stringify(result.failure)}`);
    }),
  );
  singleBaseline.push(await time(() => replayAnswers(single.answers)));
}

let failures = 0;
const hundred = await time(async () => {
  for (const { test } of recorded) {
    const result = await runBotTest({ flow, test, ports: base });
    if (result.status !== "passed") failures++;
  }
});
const hundredBaseline = await time(async () => {
  for (const { answers } of recorded) await replayAnswers(answers);
});
if (failures > 0) throw new Error(`${failures} recorded test(s) failed when run`);

const singleMs = median(singleRuns);
recordFigures(
  [
    latencyFigure(
      "bot tests: one 20-turn test, 3,000-block bot (median engine time)",
      singleMs,
      median(singleBaseline),
    ),
    latencyFigure("bot tests: 100 tests, 3,000-block bot (engine time)", hundred, hundredBaseline),
  ],
  { replacing: "bot tests:" },
);
const checks: [string, boolean][] = [
  ["one 20-turn test <= 50 ms", singleMs <= 50],
  ["100 tests of a 3,000-block bot <= 10 s", hundred <= 10_000],
];
for (const [name, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${name}`);
if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
