import type { ChatBubble, ClientSideAction, ContinueChatResponse } from "@parley/schemas";
import { computeTypingDelay, getDelayBetweenBubbles } from "@parley/schemas/chat/computeTypingDelay";
import type { ActionOutcome } from "../actions/executeClientSideAction";
import { textType } from "../bubbles/TextBubble";
import { getPlainText } from "../rich-text/RichText";
import type { ChatState } from "./chatState";

export type TurnResponse = ContinueChatResponse;

export type TurnFollowUp = Extract<ActionOutcome, { kind: "reply" | "resumed" }>;

export interface TurnTarget {
  getState(): ChatState;
  update(patch: Partial<ChatState> | ((state: ChatState) => Partial<ChatState>)): void;
  nextKey(prefix: string): string;
}

interface RevealOptions {
  isFirstTurn: boolean;
  isCurrent: () => boolean;
  runAction: (action: ClientSideAction) => Promise<ActionOutcome>;
  onBlockExecuted?: (blockId: string) => void;
}

/** Pause shown before media bubbles, so they don't pop in all at once. */
const mediaDelayMs = 400;

/**
 * Displays one response: actions without a bubble first, then each bubble with its typing
 * delay followed by the actions attached to it (`lastBubbleBlockId`), then the input.
 * Resolves with what ends the turn early: a dedicated reply an action produced (the caller sends
 * it), or the next turn when the flow went on server-side (a webhook call; the caller shows it).
 */
export async function revealTurn(
  target: TurnTarget,
  response: TurnResponse,
  options: RevealOptions,
): Promise<TurnFollowUp | undefined> {
  const actions = response.clientSideActions;
  const bubbleIds = new Set(response.messages.map((message) => message.id));
  target.update({
    progress: response.progress ?? target.getState().progress,
    dynamicTheme: response.dynamicTheme ?? target.getState().dynamicTheme,
  });

  const runActions = async (list: ClientSideAction[]) => {
    for (const action of list) {
      if (!options.isCurrent()) return undefined;
      const outcome = await options.runAction(action);
      if (outcome.kind === "popupBlocked")
        target.update({ notice: { kind: "popupBlocked", url: outcome.url } });
      if (outcome.kind === "reply" || outcome.kind === "resumed") return outcome;
    }
    return undefined;
  };

  const early = await runActions(actions.filter((action) => !action.lastBubbleBlockId));
  if (early !== undefined) return early;

  const typing = target.getState().settings.typingEmulation;
  // Typing emulation is an animation: people who ask their system for less motion get the bubbles at once.
  const isTypingEnabled =
    target.getState().settings.general?.isTypingEmulationEnabled !== false && !prefersReducedMotion();
  for (const [index, bubble] of response.messages.entries()) {
    if (!options.isCurrent()) return undefined;
    const isFirstMessage = options.isFirstTurn && index === 0;
    if (index > 0) await sleep(getDelayBetweenBubbles(typing));
    const delay = isTypingEnabled ? getBubbleDelay(bubble, typing, isFirstMessage) : 0;
    const key = target.nextKey("host");
    target.update((state) => ({
      entries: [...state.entries, { kind: "host", key, bubble, isTyping: delay > 0 }],
      isWaiting: false,
    }));
    if (delay > 0) {
      await sleep(delay);
      if (!options.isCurrent()) return undefined;
      target.update((state) => ({
        entries: state.entries.map((entry) =>
          entry.key === key && entry.kind === "host" ? { ...entry, isTyping: false } : entry,
        ),
      }));
    }
    options.onBlockExecuted?.(bubble.id);
    const reply = await runActions(actions.filter((action) => action.lastBubbleBlockId === bubble.id));
    if (reply !== undefined) return reply;
  }
  const orphans = actions.filter(
    (action) => action.lastBubbleBlockId && !bubbleIds.has(action.lastBubbleBlockId),
  );
  const late = await runActions(orphans);
  if (late !== undefined) return late;
  if (!options.isCurrent()) return undefined;
  target.update({ input: response.input ?? null, isWaiting: false });
  if (response.input) options.onBlockExecuted?.(response.input.id);
  return undefined;
}

function getBubbleDelay(
  bubble: ChatBubble,
  typing: ChatState["settings"]["typingEmulation"],
  isFirstMessage: boolean,
): number {
  if (bubble.type === textType) {
    const text =
      bubble.content.type === "markdown" ? bubble.content.markdown : getPlainText(bubble.content.richText);
    return computeTypingDelay(text, typing, { isFirstMessage });
  }
  if (!typing?.enabled || isFirstMessage) return 0;
  return Math.min(mediaDelayMs, (typing.maxDelay ?? 3) * 1000);
}

function prefersReducedMotion() {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}

function sleep(ms: number) {
  return ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
