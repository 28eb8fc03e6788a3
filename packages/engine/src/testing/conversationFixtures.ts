import type { ChatMessage, TextBubbleContentFormat } from "@parley/schemas";
import { mapJsonStrings } from "../json/mapJsonStrings";
import type { FlowSnapshot } from "../types/flow";
import type { TurnResponse } from "../types/outcome";
import aiAgent from "./fixtures/ai-agent.json";
import botLink from "./fixtures/bot-link.json";
import bubblesAndInputs from "./fixtures/bubbles-and-inputs.json";
import choices from "./fixtures/choices.json";
import events from "./fixtures/events.json";
import httpRequest from "./fixtures/http-request.json";
import humanHandoff from "./fixtures/humanHandoff.json";
import integrations from "./fixtures/integrations.json";
import logic from "./fixtures/logic.json";
import loop from "./fixtures/loop.json";
import onlyRegistering from "./fixtures/only-registering.json";
import startMessage from "./fixtures/start-message.json";
import { getBubbleText } from "./getBubbleText";

/** A bot document as the management API takes it (`POST /bots`, `{bot: …}`). */
export interface FixtureBotDocument {
  version: string;
  events: FlowSnapshot["events"];
  groups: FlowSnapshot["groups"];
  edges: FlowSnapshot["edges"];
  variables: FlowSnapshot["variables"];
  theme: Record<string, unknown>;
  settings: Record<string, unknown>;
}

/** What a turn's response must show (only the keys present are checked). */
export interface TurnExpectation {
  /** Texts of the bubbles (`getBubbleText`). */
  messages: string[];
  /** Type of the input shown, or null. */
  input: string | null;
  /** Types of the client-side actions, in order. */
  clientSideActions?: string[];
  lastMessageNewFormat?: string | null;
  progress?: number | null;
}

export interface FixtureTurn {
  /** Absent on the first turn (startChat); a string is a text message. */
  send?: ChatMessage | string | null;
  /** Instead of a message: the JSON text an external system posts to the waiting webhook block. */
  webhookBody?: string;
  format?: TextBubbleContentFormat;
  expect: TurnExpectation;
}

/**
 * A whole conversation: a bot, the bots it links to (referenced as `$BOT:<name>`), how to start
 * (prefilled values may reference `$HTTP_SERVER_URL`, the fixture HTTP server) and each turn.
 */
export interface ConversationFixture {
  name: string;
  description: string;
  bot: FixtureBotDocument;
  linkedBots?: Record<string, FixtureBotDocument>;
  start?: {
    message?: ChatMessage | string;
    prefilledVariables?: Record<string, string>;
    isOnlyRegistering?: boolean;
    textBubbleContentFormat?: TextBubbleContentFormat;
  };
  turns: FixtureTurn[];
}

/** Every fixture; together they cover every block kind the engine runs. */
export const conversationFixtures = [
  bubblesAndInputs,
  aiAgent,
  choices,
  logic,
  humanHandoff,
  loop,
  httpRequest,
  botLink,
  events,
  integrations,
  startMessage,
  onlyRegistering,
] as unknown as ConversationFixture[];

/** Replaces `$HTTP_SERVER_URL` and `$BOT:<name>` in every string of a value. */
export const materializeFixture = <T>(
  value: T,
  replacements: { httpServerUrl?: string; botIds?: Record<string, string> },
): T =>
  mapJsonStrings(value, (text) =>
    text
      .replaceAll("$HTTP_SERVER_URL", replacements.httpServerUrl ?? "$HTTP_SERVER_URL")
      .replace(/\$BOT:([\w-]+)/g, (match, name: string) => replacements.botIds?.[name] ?? match),
  );

/** A fixture bot as a snapshot the engine runs. */
export const toFixtureFlow = (
  document: FixtureBotDocument,
  ids: { id: string; botId: string; workspaceId: string },
): FlowSnapshot => ({
  ...ids,
  version: document.version,
  publishedAt: "2026-08-01T00:00:00.000Z",
  events: document.events,
  groups: document.groups,
  edges: document.edges,
  variables: document.variables,
  theme: document.theme,
  settings: document.settings,
});

/** A response (the engine's or the wire's, where absent values are null) in the terms of `TurnExpectation`. */
export const summariseTurn = (
  response: Pick<
    TurnResponse,
    "messages" | "input" | "clientSideActions" | "lastMessageNewFormat" | "progress"
  >,
): Required<TurnExpectation> => ({
  messages: response.messages.map(getBubbleText),
  input: response.input?.type ?? null,
  clientSideActions: response.clientSideActions.map((action) => action.type),
  lastMessageNewFormat: response.lastMessageNewFormat ?? null,
  progress: response.progress ?? null,
});
