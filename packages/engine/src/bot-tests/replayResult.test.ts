import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatMessage } from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnginePorts } from "../ports";
import { createFlow, createTestPorts, type DraftBlock, textBlock } from "../testing";
import { startTestChat } from "../testing/createTestChat";
import type { FlowSnapshot } from "../types/flow";
import type { LogRecord } from "../types/outcome";
import { type RecordedResult, replayResult } from "./replayResult";

// A real quote service on 127.0.0.1: the recorded conversations call it; replays must never do.
let quoteUrl = "";
let quoteCalls = 0;
const quoteServer = createServer((_request, response) => {
  quoteCalls += 1;
  response.writeHead(200, { "content-type": "application/json" }).end('{"price": 42}');
});
beforeAll(async () => {
  await new Promise<void>((resolve) => quoteServer.listen(0, "127.0.0.1", resolve));
  quoteUrl = `http://127.0.0.1:${(quoteServer.address() as AddressInfo).port}/quote`;
});
afterAll(() => new Promise<void>((resolve) => quoteServer.close(() => resolve())));

/** Ports whose network fails the test: a replay answers outside calls from the record. */
const closedPorts = () =>
  createTestPorts({
    fetchHttp: async () => {
      throw new Error("a replay reached the network");
    },
  });

const quoteBlock = (id = "quote", url = quoteUrl) => ({
  id,
  type: "Webhook",
  options: {
    webhook: { url, method: "GET" },
    responseVariableMapping: [{ id: "m", variableId: "v-price", bodyPath: "data.price" }],
  },
});

/** Version 1: a name, a plan (Basic → a goodbye, Pro → the quote service, then the price). */
const signUp = (
  changes: { nameInput?: DraftBlock; proTarget?: string; proLabel?: string; proBlocks?: DraftBlock[] } = {},
) =>
  createFlow({
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-price", name: "Price" },
    ],
    groups: [
      {
        id: "g-welcome",
        title: "Welcome",
        blocks: [
          textBlock("hello", "Welcome to Acme!"),
          changes.nameInput ?? { id: "ask-name", type: "text input", options: { variableId: "v-name" } },
          {
            id: "plan",
            type: "choice input",
            items: [
              { id: "basic", content: "Basic", outgoingEdgeId: "e-basic" },
              { id: "pro", content: changes.proLabel ?? "Pro", outgoingEdgeId: "e-pro" },
            ],
          },
        ],
      },
      { id: "g-basic", title: "Basic", blocks: [textBlock("basic-text", "Basic is free")] },
      {
        id: "g-pro",
        title: "Pro",
        blocks: changes.proBlocks ?? [quoteBlock(), textBlock("pro-text", "Pro costs {{Price}} a month")],
      },
    ],
    edges: [
      { id: "e-basic", from: { blockId: "plan", itemId: "basic" }, to: { groupId: "g-basic" } },
      {
        id: "e-pro",
        from: { blockId: "plan", itemId: "pro" },
        to: { groupId: changes.proTarget ?? "g-pro" },
      },
    ],
  });

/** A live conversation over `flow` (the quote service really called), stored as the runtime stores it. */
async function record(
  flow: FlowSnapshot,
  replies: (string | ChatMessage)[],
  ports?: EnginePorts,
): Promise<RecordedResult> {
  const chat = await startTestChat(flow, ports ? { ports } : {});
  const logs: LogRecord[] = [...chat.outcome.logsToPersist];
  const visitedEdgeIds = chat.outcome.visitedEdges.map((edge) => edge.edgeId);
  for (const reply of replies) {
    const outcome = await chat.send(reply);
    logs.push(...outcome.logsToPersist);
    visitedEdgeIds.push(...outcome.visitedEdges.map((edge) => edge.edgeId));
  }
  return {
    visitedEdgeIds,
    id: "result-1",
    answers: chat.answers.map((answer) => ({ ...answer, itemId: answer.itemId ?? null })),
    logs: logs.map((log) => ({
      status: log.status,
      details: log.details ?? null,
      context: log.context ?? null,
    })),
    variables: chat.outcome.result.variables,
  };
}

const clickPro: ChatMessage = { type: "text", text: "Pro", metadata: { replyId: "pro" } };

const replay = (recordedFlow: FlowSnapshot | null, draft: FlowSnapshot, result: RecordedResult) =>
  replayResult({ recordedFlow, draft, result, ports: closedPorts() });

describe("replayResult: a stored conversation through the draft", () => {
  it("same path: the draft takes the recorded path; the quote is answered from the log, never called", async () => {
    const result = await record(signUp(), ["Ada", clickPro]);
    expect(quoteCalls).toBe(1);
    const replayed = await replay(signUp(), signUp(), result);
    expect(quoteCalls).toBe(1);
    expect(replayed.verdict).toEqual({ status: "samePath" });
    expect(replayed.draftTranscript).toEqual([
      { role: "bot", blockId: "hello", text: "Welcome to Acme!" },
      { role: "user", blockId: "ask-name", text: "Ada" },
      { role: "user", blockId: "plan", text: "Pro" },
      { role: "bot", blockId: "pro-text", text: "Pro costs 42 a month" },
    ]);
  });

  it("other path: the choice now leads elsewhere, named by the block where the walks part", async () => {
    const result = await record(signUp(), ["Ada", clickPro]);
    const replayed = await replay(signUp(), signUp({ proTarget: "g-basic" }), result);
    expect(replayed.verdict).toEqual({
      status: "otherPath",
      blockId: "plan",
      storedNextBlockId: "quote",
      draftNextBlockId: "basic-text",
    });
    expect(replayed.draftTranscript.at(-1)).toEqual({
      role: "bot",
      blockId: "basic-text",
      text: "Basic is free",
    });
  });

  it("refused: the draft's input no longer accepts the visitor's answer", async () => {
    const result = await record(signUp(), ["Ada", clickPro]);
    const emailInput = { id: "ask-name", type: "email input", options: { variableId: "v-name" } };
    const replayed = await replay(signUp(), signUp({ nameInput: emailInput }), result);
    expect(replayed.verdict).toEqual({ status: "refused", blockId: "ask-name", answer: "Ada" });
  });

  it("error: a block of the draft fails where the recorded run did not", async () => {
    const result = await record(signUp(), ["Ada", clickPro]);
    const broken = signUp({
      proBlocks: [quoteBlock("quote", ""), textBlock("pro-text", "Pro costs {{Price}}")],
    });
    const replayed = await replay(signUp(), broken, result);
    expect(replayed.verdict).toEqual({
      status: "error",
      blockId: "quote",
      message: "HTTP request has no URL; skipped",
    });
  });

  it("not replayable: an outside call nothing was recorded for is named, and not made", async () => {
    const result = await record(signUp(), ["Ada", clickPro]);
    const withNewCall = signUp({
      proBlocks: [quoteBlock(), quoteBlock("tax"), textBlock("pro-text", "Total")],
    });
    const replayed = await replay(signUp(), withNewCall, result);
    expect(replayed.verdict).toEqual({
      status: "notReplayable",
      blockId: "tax",
      reason: "nothing was recorded for this outside call: the replay never calls out",
    });
    expect((await replay(null, signUp(), result)).verdict).toEqual({
      status: "notReplayable",
      blockId: null,
      reason: "the version it ran on no longer exists",
    });
  });

  it("results of an older version replay over that version, then through the draft", async () => {
    // Version 1 had no Pro quote: Pro went straight to "Basic is free"'s group.
    const version1 = signUp({ proTarget: "g-basic" });
    const oldResult = await record(version1, ["Bob", clickPro]);
    // The draft renamed the Pro button (same item) and gives it a group of its own: another path for Bob.
    const draft = signUp({ proLabel: "Premium", proBlocks: [textBlock("pro-text", "Pro costs 42")] });
    expect((await replay(version1, draft, oldResult)).verdict).toEqual({
      status: "otherPath",
      blockId: "plan",
      storedNextBlockId: "basic-text",
      draftNextBlockId: "pro-text",
    });
    // Where the new path calls out, nothing recorded answers: not replayable, named by that block.
    expect((await replay(version1, signUp(), oldResult)).verdict).toMatchObject({
      status: "notReplayable",
      blockId: "quote",
    });
    // A Basic visitor of version 1 keeps their path in the draft: the button is found by its id.
    const basic = await record(version1, [
      "Cy",
      { type: "text", text: "Basic", metadata: { replyId: "basic" } },
    ]);
    expect((await replay(version1, draft, basic)).verdict).toEqual({ status: "samePath" });
  });
});

/** A name, then an AB test: path a asks a text (`aInput` replaces it), path b a number. */
const split = (aInput?: DraftBlock) =>
  createFlow({
    variables: [{ id: "v-name", name: "Name" }],
    groups: [
      {
        id: "g-welcome",
        title: "Welcome",
        blocks: [
          { id: "ask-name", type: "text input", options: { variableId: "v-name" } },
          {
            id: "split",
            type: "AB test",
            items: [
              { id: "path-a", path: "a", outgoingEdgeId: "e-a" },
              { id: "path-b", path: "b", outgoingEdgeId: "e-b" },
            ],
            options: { aPercent: 50 },
          },
        ],
      },
      { id: "g-a", title: "A", blocks: [aInput ?? { id: "ask-a", type: "text input" }] },
      { id: "g-b", title: "B", blocks: [{ id: "ask-b", type: "number input" }] },
    ],
    edges: [
      { id: "e-a", from: { blockId: "split", itemId: "path-a" }, to: { groupId: "g-a" } },
      { id: "e-b", from: { blockId: "split", itemId: "path-b" }, to: { groupId: "g-b" } },
    ],
  });

describe("replayResult: AB tests take the path the conversation drew", () => {
  // The visitor drew path a; the replay's own seeded source would draw b (its first value is 0.627…).
  const drewA = () => record(split(), ["Ada", "hello"], { ...createTestPorts(), random: () => 0 });

  it("replays the recorded path, in the version it ran on and in the draft", async () => {
    const result = await drewA();
    expect(result.visitedEdgeIds).toEqual(["e-a"]);
    const replayed = await replay(split(), split(), result);
    expect(replayed.verdict).toEqual({ status: "samePath" });
    expect(replayed.draftTranscript).toEqual([
      { role: "user", blockId: "ask-name", text: "Ada" },
      { role: "user", blockId: "ask-a", text: "hello" },
    ]);
    // The draft's path a now asks an e-mail address: the visitor's "hello" is refused there.
    const emailOnA = split({ id: "ask-a", type: "email input" });
    expect((await replay(split(), emailOnA, result)).verdict).toEqual({
      status: "refused",
      blockId: "ask-a",
      answer: "hello",
    });
  });

  it("says not replayable, rather than the same path, when the version it ran on does not ask the answers in order", async () => {
    const result = await drewA();
    // A record whose second answer was given at path b's input, while its edges say it drew a.
    const inconsistent = {
      ...result,
      answers: result.answers.map((answer, index) =>
        index === 1 ? { ...answer, blockId: "ask-b" } : answer,
      ),
    };
    expect((await replay(split(), split(), inconsistent)).verdict).toEqual({
      status: "notReplayable",
      blockId: "ask-a",
      reason: "the version it ran on does not ask the stored answers in their order here",
    });
  });
});
