import {
  abTestBlock,
  aiBlockTypes,
  type Block,
  type BotTestStub,
  type ChatMessage,
  defaultAiResponseValue,
  googleSheetsBlock,
  httpRequestBlock,
  isBubbleBlock,
  makeComBlock,
  pabblyConnectBlock,
  paymentInputBlock,
  sendEmailBlock,
  textBubbleBlock,
  zapierBlock,
} from "@parley/schemas";
import { getBubbleText } from "../chat/getBubbleText";
import type { FlowSnapshot } from "../types/flow";
import type { TurnOutcome } from "../types/outcome";
import { type BotTestBasePorts, createStubbedPorts } from "./createStubbedPorts";
import { TestFailure, TestSession } from "./TestSession";

/** A stored result as a replay reads it: its answers in order, its logs, its variables. */
export interface RecordedResult {
  id: string;
  answers: { blockId: string; itemId?: string | null; content: string; attachedFileUrls?: unknown }[];
  logs: { status: string; details?: string | null; context?: string | null }[];
  variables: { id: string; name: string; value: unknown }[];
  /**
   * The off-default edges the conversation took, in order (its VisitedEdge rows): they tell which path each AB
   * test drew, so both walks take it again.
   */
  visitedEdgeIds?: readonly string[];
}

/** What the draft would do with a stored conversation, compared with the version it ran on. */
export type ReplayVerdict =
  | { status: "samePath" }
  /** `blockId`: the last block both walks ran before they parted (null: they part at the start). */
  | {
      status: "otherPath";
      blockId: string | null;
      storedNextBlockId: string | null;
      draftNextBlockId: string | null;
    }
  /** The draft's input at `blockId` refuses the answer the visitor gave there (its validation changed). */
  | { status: "refused"; blockId: string; answer: string }
  | { status: "error"; blockId: string | null; message: string }
  /** An outside call with nothing recorded for it (never made), or a record the replay cannot use. */
  | { status: "notReplayable"; blockId: string | null; reason: string };

export interface TranscriptLine {
  role: "bot" | "user";
  blockId: string;
  text: string;
}

export interface ReplayedConversation {
  resultId: string;
  verdict: ReplayVerdict;
  /** What the draft says and asks, with the stored answers (kept short: `maxTranscriptLines`). */
  draftTranscript: TranscriptLine[];
}

/** A replayed transcript keeps this many lines, each cut at `maxLineLength` characters: a replay's memory is bounded. */
export const maxTranscriptLines = 200;
const maxLineLength = 500;

/**
 * Replays a stored conversation (docs/replay.md): through the version it ran on (`recordedFlow`) and through the
 * draft, with the same bot-test machinery (TestSession), the visitor's stored answers in order and every outside
 * call answered from what the result recorded (see `recordedStubs`). Both walks see the same clock, ids and
 * random source, so only the flows differ. The walks compare by the blocks they run (a bubble only where it begins
 * a group: a changed or added message is no other path); the last block both ran before they part is the divergence. Nothing is stored or sent.
 */
export async function replayResult(params: {
  recordedFlow: FlowSnapshot | null;
  draft: FlowSnapshot;
  result: RecordedResult;
  ports: BotTestBasePorts;
}): Promise<ReplayedConversation> {
  const { result } = params;
  const done = (verdict: ReplayVerdict, draftTranscript: TranscriptLine[] = []): ReplayedConversation => ({
    resultId: result.id,
    verdict,
    draftTranscript,
  });
  if (!params.recordedFlow)
    return done({ status: "notReplayable", blockId: null, reason: "the version it ran on no longer exists" });
  const stubs = recordedStubs(result, [params.recordedFlow, params.draft]);
  const draws = recordedAbTestDraws(result, params.recordedFlow);
  const stored = await walk(params.recordedFlow, result, stubs, params.ports, draws);
  if (stored.stop?.kind === "missingCall")
    return done({ status: "notReplayable", blockId: stored.stop.blockId, reason: stored.stop.message });
  if (stored.stop?.kind === "refused")
    return done({
      status: "notReplayable",
      blockId: stored.stop.blockId,
      reason: "the version it ran on refuses the stored answer now",
    });
  if (stored.stop?.kind === "error")
    return done({ status: "notReplayable", blockId: stored.stop.blockId, reason: stored.stop.message });
  // The version it ran on, walked over the same answers, must ask them where they were given: else what the
  // draft does could not be told apart from what the replay failed to reproduce.
  if (stored.partedAt !== null)
    return done({
      status: "notReplayable",
      blockId: stored.partedAt,
      reason: "the version it ran on does not ask the stored answers in their order here",
    });
  const draft = await walk(params.draft, result, stubs, params.ports, draws);
  const transcript = draft.transcript;
  const parting = firstDifference(stored.trail, draft.trail);
  const otherPath = (at: number): ReplayVerdict => ({
    status: "otherPath",
    blockId: at > 0 ? (draft.trail[at - 1] ?? null) : null,
    storedNextBlockId: stored.trail[at] ?? null,
    draftNextBlockId: draft.trail[at] ?? null,
  });
  switch (draft.stop?.kind) {
    case "missingCall":
      // The walks parted before the call: another path, whatever the call would answer.
      if (parting !== null && parting < draft.trail.length - 1) return done(otherPath(parting), transcript);
      return done(
        { status: "notReplayable", blockId: draft.stop.blockId, reason: draft.stop.message },
        transcript,
      );
    case "refused":
      return done({ status: "refused", blockId: draft.stop.blockId, answer: draft.stop.answer }, transcript);
    case "error":
      return done({ status: "error", blockId: draft.stop.blockId, message: draft.stop.message }, transcript);
  }
  const newError = draft.errors.find(
    (error) => !stored.errors.some((known) => known.blockId === error.blockId),
  );
  if (newError)
    return done({ status: "error", blockId: newError.blockId, message: newError.message }, transcript);
  if (parting === null) return done({ status: "samePath" }, transcript);
  return done(otherPath(parting), transcript);
}

type Stop =
  | { kind: "missingCall"; blockId: string; message: string }
  | { kind: "refused"; blockId: string; answer: string }
  | { kind: "error"; blockId: string | null; message: string };

interface Walk {
  /** Ids of the blocks run, in order: bubbles only where they begin a group. */
  trail: string[];
  /** Error logs of blocks (the first per block). */
  errors: { blockId: string; message: string }[];
  transcript: TranscriptLine[];
  /** Why the walk stopped before the stored answers ran out, if it did for a reason other than the path. */
  stop: Stop | null;
  /** Where the walk stopped taking the stored answers (another input asked, or the end): the block it waits on. */
  partedAt: string | null;
}

/** Blocks a walk's trail keeps (a conversation of a thousand turns through a few blocks each stays under it). */
const maxTrailLength = 20_000;

/** One flow's walk over the stored answers: each answer given while the bot waits on its block, in order. */
async function walk(
  flow: FlowSnapshot,
  result: RecordedResult,
  stubs: BotTestStub[],
  base: BotTestBasePorts,
  draws: ReadonlyMap<string, readonly AbTestPath[]>,
): Promise<Walk> {
  const trail: string[] = [];
  const errors: Walk["errors"] = [];
  const transcript: TranscriptLine[] = [];
  let lastBlockId: string | null = null;
  let lastGroupId: string | null = null;
  let savedAnswers = 0;
  let partedAt: string | null = null;
  const drawn = new Map<string, number>();
  const addLine = (line: TranscriptLine) => {
    if (transcript.length < maxTranscriptLines)
      transcript.push({ ...line, text: line.text.slice(0, maxLineLength) });
  };
  const stubbed = createStubbedPorts(base, stubs, {
    // An AB test takes the path the conversation drew (in the draft too: the visitor's draw is kept).
    steerRandom: (block) => {
      if (block.type !== abTestBlock.type) return undefined;
      const recorded = draws.get(block.id);
      const index = drawn.get(block.id) ?? 0;
      const path = recorded?.[index] ?? recorded?.at(-1);
      if (!path) return undefined;
      drawn.set(block.id, index + 1);
      // The executor takes a when random() * 100 < aPercent.
      return path === "a" ? 0 : 1 - Number.EPSILON;
    },
    onBlockRun: ({ group, block }) => {
      // A group entered counts by its first block run, bubble or not; inside a group, bubbles do not count.
      const isEntry = group.id !== lastGroupId;
      lastBlockId = block.id;
      lastGroupId = group.id;
      if ((isEntry || !isBubbleBlock(block)) && trail.length < maxTrailLength) trail.push(block.id);
    },
  });
  const onOutcome = (outcome: TurnOutcome) => {
    savedAnswers += outcome.newAnswers.length;
    for (const message of outcome.response.messages)
      addLine({ role: "bot", blockId: message.id, text: getBubbleText(message) });
    for (const log of outcome.logsToPersist)
      if (log.status === "error" && log.context && !errors.some((error) => error.blockId === log.context))
        errors.push({ blockId: log.context, message: log.description });
  };
  const session = new TestSession(flow, stubbed, onOutcome);
  const walked = (stop: Stop | null): Walk => ({ trail, errors, transcript, stop, partedAt });
  try {
    await session.start();
    for (const answer of result.answers) {
      // A paid payment input is answered by the runner itself (the client's success label): its stored answer was.
      if (isPayment(flow, answer.blockId)) continue;
      const blockId = session.waitingBlockId();
      // The path parted (another input asked, or the end): the trails tell where.
      if (!session.isAnswerable() || blockId !== answer.blockId) {
        partedAt = blockId ?? lastBlockId;
        break;
      }
      addLine({ role: "user", blockId: answer.blockId, text: answer.content });
      const before = savedAnswers;
      await session.answer(toMessage(answer));
      if (savedAnswers === before && session.waitingBlockId() === blockId)
        return walked({ kind: "refused", blockId: answer.blockId, answer: answer.content });
    }
    return walked(null);
  } catch (error) {
    if (error instanceof TestFailure) {
      const { failure } = error;
      if (failure.code === "MISSING_STUB")
        return walked({
          kind: "missingCall",
          blockId: failure.blockId ?? lastBlockId ?? "",
          message: "nothing was recorded for this outside call: the replay never calls out",
        });
      return walked({ kind: "error", blockId: failure.blockId ?? lastBlockId, message: failure.actual });
    }
    return walked({
      kind: "error",
      blockId: lastBlockId,
      message: `the engine stopped: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

type AbTestPath = "a" | "b";

/**
 * The paths each AB test block of the recorded version drew, in order, read from the edges the conversation took:
 * a path with an edge of its own by its edge; a block whose recorded edges name neither path took the one
 * without an edge, when exactly one has none. Blocks the record says nothing about draw from the seeded source.
 */
export function recordedAbTestDraws(
  result: RecordedResult,
  flow: FlowSnapshot,
): ReadonlyMap<string, readonly AbTestPath[]> {
  const pathByEdge = new Map<string, { blockId: string; path: AbTestPath }>();
  const edgeless = new Map<string, AbTestPath>();
  for (const group of flow.groups)
    for (const block of group.blocks) {
      if (block.type !== abTestBlock.type) continue;
      const withoutEdge = block.items.filter((item) => !item.outgoingEdgeId);
      for (const item of block.items)
        if (item.outgoingEdgeId) pathByEdge.set(item.outgoingEdgeId, { blockId: block.id, path: item.path });
      if (withoutEdge.length === 1 && withoutEdge[0]) edgeless.set(block.id, withoutEdge[0].path);
    }
  const draws = new Map<string, AbTestPath[]>();
  for (const edgeId of result.visitedEdgeIds ?? []) {
    const taken = pathByEdge.get(edgeId);
    if (!taken) continue;
    draws.set(taken.blockId, [...(draws.get(taken.blockId) ?? []), taken.path]);
  }
  for (const [blockId, path] of edgeless) if (!draws.has(blockId)) draws.set(blockId, [path]);
  return draws;
}

const isPayment = (flow: FlowSnapshot, blockId: string) =>
  flow.groups.some((group) =>
    group.blocks.some((block) => block.id === blockId && block.type === paymentInputBlock.type),
  );

/** A stored answer as the client sent it: its text, the clicked item's id, the uploaded files' addresses. */
function toMessage(answer: RecordedResult["answers"][number]): ChatMessage {
  const files = Array.isArray(answer.attachedFileUrls)
    ? answer.attachedFileUrls.filter((url): url is string => typeof url === "string")
    : [];
  return {
    type: textBubbleBlock.type,
    text: answer.content,
    ...(files.length > 0 ? { attachedFileUrls: files } : {}),
    ...(answer.itemId ? { metadata: { replyId: answer.itemId } } : {}),
  };
}

/**
 * The outside calls a result recorded, as stubs by block id (the first record of a block answers each of its calls):
 * an HTTP request (Webhook, Zapier, Make.com, Pabbly) by its logged status and body; a Send e-mail by its logged
 * outcome; an AI block by the stored value of the variable its answer went to; a Google Sheets write by its log (a
 * read has no record of the rows read); a payment input by the visitor's stored answer to it. Nothing else is
 * recorded: the AI agent's replies, a Webhook block's incoming call, a Sheets read make the conversation not
 * replayable where a walk reaches them.
 */
export function recordedStubs(result: RecordedResult, flows: FlowSnapshot[]): BotTestStub[] {
  const blocks = new Map<string, Block>();
  for (const flow of flows)
    for (const group of flow.groups)
      for (const block of group.blocks) if (!blocks.has(block.id)) blocks.set(block.id, block);
  const stubs: BotTestStub[] = [];
  const seen = new Set<string>();
  const add = (stub: BotTestStub) => {
    if (seen.has(stub.blockId)) return;
    seen.add(stub.blockId);
    stubs.push(stub);
  };
  for (const log of result.logs) {
    const block = log.context ? blocks.get(log.context) : undefined;
    if (!block) continue;
    if (httpRequestBlockTypes.has(block.type)) {
      const response = readLoggedResponse(log.details);
      if (response) add({ kind: "http", blockId: block.id, headers: {}, ...response });
    } else if (block.type === sendEmailBlock.type)
      add({ kind: "email", blockId: block.id, outcome: log.status === "success" ? "sent" : "failed" });
    else if (block.type === googleSheetsBlock.type && !isSheetsRead(block))
      add({ kind: "googleSheets", blockId: block.id, header: [], rows: [] });
  }
  for (const block of blocks.values()) {
    if ((aiBlockTypes as readonly string[]).includes(block.type)) {
      const variableId = aiAnswerVariable(block);
      const stored = result.variables.find((variable) => variable.id === variableId);
      if (stored && stored.value !== null && stored.value !== undefined)
        add({ kind: "ai", blockId: block.id, answer: String(stored.value).slice(0, 10_000), variables: {} });
    } else if (
      block.type === paymentInputBlock.type &&
      result.answers.some((answer) => answer.blockId === block.id)
    )
      add({ kind: "payment", blockId: block.id, outcome: "paid" });
  }
  return stubs;
}

const httpRequestBlockTypes = new Set<string>([
  httpRequestBlock.type,
  zapierBlock.type,
  makeComBlock.type,
  pabblyConnectBlock.type,
]);

/** An HTTP request's logged response: `{request, response: {statusCode, body}}`, or the failure `{message, code}`. */
function readLoggedResponse(details: string | null | undefined): { status: number; body: string } | null {
  if (!details) return null;
  try {
    const parsed = JSON.parse(details) as { response?: Record<string, unknown> };
    const response = parsed.response;
    if (!response || typeof response !== "object") return null;
    if (typeof response.statusCode === "number" && typeof response.body === "string")
      return { status: Math.min(599, Math.max(100, response.statusCode)), body: response.body };
    // A request that got no answer: mappings saw status 500 and this data.
    return { status: 500, body: JSON.stringify(response) };
  } catch {
    return null;
  }
}

const isSheetsRead = (block: Block) =>
  (block as { options?: { action?: string } }).options?.action === "Get data from sheet";

const aiAnswerVariable = (block: Block): string | undefined => {
  const mappings = (block as { options?: { responseMapping?: { item?: string; variableId?: string }[] } })
    .options?.responseMapping;
  return mappings?.find(
    (mapping) => mapping.variableId && (mapping.item ?? defaultAiResponseValue) === defaultAiResponseValue,
  )?.variableId;
};

/** The index of the first step where two trails differ, null when they are the same. */
function firstDifference(stored: string[], draft: string[]): number | null {
  const length = Math.max(stored.length, draft.length);
  for (let index = 0; index < length; index++) if (stored[index] !== draft[index]) return index;
  return null;
}
