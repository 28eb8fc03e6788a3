import type { WebHandler } from "../core/http/routeChatEndpoints";
import { chatRequest, readResponse } from "./chatFixtures";

interface ChatInput {
  id: string;
  type: string;
  items?: {
    id: string;
    content?: string;
    value?: string;
    title?: string;
    outgoingEdgeId?: string;
    paths?: { id: string }[];
  }[];
}

interface ChatTurnBody {
  sessionId?: string;
  input?: ChatInput | null;
  clientSideActions?: { type: string; expectsDedicatedReply?: boolean }[] | null;
  messages?: { type?: string; content?: Record<string, unknown> }[];
}

/** What the driven visitor books in a plug-in's booking widget (Cal.com): the booked start time it sends back. */
export const drivenBookingDate = "2026-01-15T10:00:00.000Z";

/**
 * The value a turn's last bubble waits for, as the widget sends it: a plug-in's widget (a booking) resolves with
 * the booked date, an embed waiting for its event posts an empty object. Undefined: the turn does not wait.
 */
function answerForWaitingBubble(turn: ChatTurnBody): string | undefined {
  const last = turn.messages?.at(-1);
  if (last?.type === "custom-embed" && last.content?.waitForEventFunction) return drivenBookingDate;
  const waitForEvent = last?.content?.waitForEvent as { isEnabled?: boolean } | undefined;
  if (last?.type === "embed" && waitForEvent?.isEnabled) return "{}";
  return undefined;
}

export interface DrivenChat {
  /** HTTP status of every request, in order. */
  statuses: number[];
  bodies: unknown[];
  /** The text streamed by each streamMessage request. */
  streamed: string[];
  turns: number;
}

/**
 * A plausible answer to each input kind, as a user of the share page would give it. Of choices, the
 * first, unless it leads nowhere (no edge of its own nor of its block: templates leave some options
 * unconnected), then the first one that leads somewhere.
 */
function answerFor(input: ChatInput, blocksWithEdge: ReadonlySet<string>): string {
  const first = input.items?.[0];
  const item =
    first && !first.outgoingEdgeId && !blocksWithEdge.has(input.id)
      ? (input.items?.find((candidate) => candidate.outgoingEdgeId) ?? first)
      : first;
  switch (input.type) {
    case "email input":
      return "ada@example.com";
    case "number input":
      return "42";
    case "url input":
      return "https://example.com";
    case "phone number input":
      return "+33612345678";
    case "date input":
      return "2026-01-15";
    case "time input":
      return "10:30";
    case "rating input":
      return "4";
    case "payment input":
      return "Success";
    case "choice input":
      return item?.value ?? item?.content ?? "ok";
    case "picture choice input":
      return item?.title ?? item?.value ?? "ok";
    case "cards":
      return item?.title ?? "ok";
    default:
      return "I run a bakery called Crumbs, with a budget of 5000";
  }
}

/** The reply a client sends for a client-side action that waits for one. */
async function replyToAction(
  api: WebHandler,
  sessionId: string,
  token: string,
  action: { type: string },
  chat: DrivenChat,
): Promise<string> {
  if (action.type === "stream" || action.type === "streamOpenAiChatCompletion") {
    const response = await api(chatRequest(`/sessions/${sessionId}/streamMessage`, { token, body: {} }));
    chat.statuses.push(response.status);
    const text = response.status === 200 ? await response.text() : "";
    chat.streamed.push(text);
    return text;
  }
  if (action.type === "httpRequestToExecute") return JSON.stringify({ statusCode: 200, data: {} });
  return "";
}

/**
 * Chats with a published bot over the chat endpoints the way the widget does (streaming on),
 * answering each input, each action and each bubble (booking, embed event) that waits for a reply, for at most
 * `maxTurns` turns.
 */
export async function driveChat(
  api: WebHandler,
  bot: {
    publicId: string;
    chatKey: string;
    groups: { blocks: { id: string; outgoingEdgeId?: string | null }[] }[];
  },
  maxTurns = 25,
): Promise<DrivenChat> {
  const blocksWithEdge = new Set(
    bot.groups.flatMap((group) =>
      group.blocks.filter((block) => block.outgoingEdgeId).map((block) => block.id),
    ),
  );
  const chat: DrivenChat = { statuses: [], bodies: [], streamed: [], turns: 0 };
  const send = async (path: string, body: unknown) => {
    const response = await readResponse(await api(chatRequest(path, { token: bot.chatKey, body })));
    chat.statuses.push(response.status);
    chat.bodies.push(response.body);
    return response.body as ChatTurnBody;
  };
  let turn = await send(`/bots/${bot.publicId}/startChat`, { isStreamEnabled: true });
  const sessionId = turn.sessionId;
  if (!sessionId) return chat;
  for (chat.turns = 1; chat.turns < maxTurns; chat.turns++) {
    const waiting = turn.clientSideActions?.find((action) => action.expectsDedicatedReply);
    // A webhook block waits for an outside system's call, not for the client.
    if (waiting?.type === "listenForWebhook") break;
    let message: string | null = null;
    const bubbleAnswer = answerForWaitingBubble(turn);
    if (waiting) message = await replyToAction(api, sessionId, bot.chatKey, waiting, chat);
    else if (turn.input) message = answerFor(turn.input, blocksWithEdge);
    else if (bubbleAnswer !== undefined) message = bubbleAnswer;
    else break;
    turn = await send(`/sessions/${sessionId}/continueChat`, { message });
    if (chat.statuses.at(-1) !== 200) break;
  }
  return chat;
}
