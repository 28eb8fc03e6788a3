// Typebot's chat API served beside ours (docs/typebot-compat.md): what its paths share. Each path lives in
// the feature folder of what it does (start in web-chat/, uploads in uploads/, streaming in streaming/);
// their common rules and response shape are here, in one module of the core.

import { defaultTheme, getIncludedFont, latestBotVersion, type Theme } from "@parley/schemas";
import { ChatError } from "./chatErrors";

/** Request headers Typebot's web client sends (CORS preflights must allow them). */
export const typebotRequestHeaders = ["x-typebot-iframe-referrer-origin", "cache-control"] as const;

/**
 * Refusal of a keyless start on Typebot's path for a bot that needs a chat key: its workspace has Typebot's
 * API off, or its public share is off. UNAUTHORIZED, as a request without Authorization is anywhere else.
 */
export const chatKeyRequired = () =>
  new ChatError("UNAUTHORIZED", {
    message:
      "This bot needs a chat key: Typebot's keyless API is off in its workspace, or the bot's public share is off",
    code: "CHAT_KEY_REQUIRED",
  });

/**
 * A keyless start on Typebot's path is allowed for a published bot (checked by the caller) whose workspace
 * serves Typebot's API and whose public share is on (the published version's settings, defaults filled in).
 */
export function assertKeylessStartAllowed(
  bot: { isTypebotCompatible: boolean },
  settings: { publicShare?: { isEnabled?: boolean } },
) {
  if (!bot.isTypebotCompatible || settings.publicShare?.isEnabled === false) throw chatKeyRequired();
}

type WireAction = { lastBubbleBlockId?: string | null } & Record<string, unknown>;
type WireInput = { type: string; options?: Record<string, unknown> | null } & Record<string, unknown>;

/**
 * A turn response (continueChat's, or the common part of a start) in Typebot's shape. Typebot's client runs a
 * client-side action once the bubble its `lastBubbleBlockId` names is shown, comparing with `===`: an action
 * after no bubble must leave the field out (our contract sends null, which never equals its missing value).
 * A searchable choice input shows its buttons before any search unless told otherwise
 * (`areInitialSearchButtonsVisible`, which Typebot's client reads as false when missing).
 */
export function toTypebotTurnResponse<Response extends { clientSideActions?: unknown; input?: unknown }>(
  response: Response,
): Response {
  const actions = response.clientSideActions as WireAction[] | undefined;
  const input = response.input as WireInput | undefined;
  return {
    ...response,
    ...(actions
      ? { clientSideActions: actions.map((action) => withoutNullBubble(toTypebotAction(action))) }
      : {}),
    ...(input ? { input: withTypebotInputDefaults(input) } : {}),
  };
}

/**
 * Zendesk's messaging widget as Typebot's client runs a Zendesk plug-in's: a `codeToExecute` whose code loads
 * Zendesk's snippet once per page, signs the visitor in with the JWT when there is one, then opens the messenger
 * (the key and the JWT are its arguments, never spliced into the code). Our widget reads the `zendesk` action.
 */
export const typebotZendeskCode = `
const open = () => {
  if (jwt) window.zE("messenger", "loginUser", (callback) => callback(jwt));
  window.zE("messenger", "open");
};
if (window.zE) { open(); return; }
let script = document.getElementById("ze-snippet");
if (!script) {
  script = document.createElement("script");
  script.id = "ze-snippet";
  script.src = "https://static.zdassets.com/ekr/snippet.js?key=" + encodeURIComponent(key);
  script.async = true;
  document.head.appendChild(script);
}
script.addEventListener("load", () => { if (window.zE) open(); }, { once: true });
`.trim();

function toTypebotAction(action: WireAction): WireAction {
  if (action.type !== "zendesk") return action;
  const {
    zendesk,
    type: _type,
    ...rest
  } = action as WireAction & { zendesk: { key: string; jwt: string | null } };
  return {
    ...rest,
    type: "codeToExecute",
    codeToExecute: { content: typebotZendeskCode, args: { key: zendesk.key, jwt: zendesk.jwt } },
  };
}

function withoutNullBubble(action: WireAction): WireAction {
  if (action.lastBubbleBlockId !== null && action.lastBubbleBlockId !== undefined) return action;
  const { lastBubbleBlockId: _omitted, ...rest } = action;
  return rest;
}

function withTypebotInputDefaults(input: WireInput): WireInput {
  if (input.type !== "choice input" && input.type !== "picture choice input") return input;
  const options = input.options ?? {};
  if (options.areInitialSearchButtonsVisible !== undefined) return input;
  return { ...input, options: { ...options, areInitialSearchButtonsVisible: true } };
}

/**
 * A start response in Typebot's shape: `typebot` (with its schema `version`) where ours has `bot`, its theme's font
 * served by `fontHost` (the viewer) when it is one of the included fonts (`typebotTheme`).
 */
export function toTypebotStartResponse<
  Response extends { bot: { theme?: Theme }; clientSideActions?: unknown; input?: unknown },
>(response: Response, fontHost: string) {
  const { bot, ...rest } = toTypebotTurnResponse(response);
  return {
    ...rest,
    typebot: {
      version: latestBotVersion,
      ...bot,
      ...(bot.theme ? { theme: typebotTheme(bot.theme, fontHost) } : {}),
    },
  };
}

/**
 * The theme as Typebot's client should read it. That client loads a font named by family (a string or a "Google"
 * font, and Open Sans when the theme names none) from a third party's CDN; a "Custom" font with a URL it loads from
 * that URL. So the family our widget would show (the theme's, else the default theme's) goes out as a "Custom" font
 * whose stylesheet is the viewer's `/fonts/<id>.css` when it is an included font: the chat then requests nothing
 * from a third party, as with our widget. An author's custom font, or a Google family outside the included set,
 * stays as it is.
 */
export function typebotTheme(theme: Theme, fontHost: string): Theme {
  const font = theme.general?.font ?? defaultTheme.general.font;
  if (typeof font === "object" && font.type === "Custom") return theme;
  const included = getIncludedFont(
    (typeof font === "string" ? font : font.family) ?? defaultTheme.general.font,
  );
  if (!included) return theme;
  return {
    ...theme,
    general: {
      ...theme.general,
      font: {
        type: "Custom",
        family: included.family,
        url: `${fontHost.replace(/\/+$/, "")}/fonts/${included.id}.css`,
      },
    },
  };
}

/**
 * The answer of Typebot's streamMessage: the text stream of ours re-framed as the data stream its client
 * parses, one `0:<JSON string>` line per chunk of text (a line ends each chunk: the client decodes on newlines).
 */
export function toTypebotStream(response: Response): Response {
  if (!response.body || !response.ok) return response;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const framed = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = decoder.decode(chunk, { stream: true });
        if (text !== "") controller.enqueue(encoder.encode(`0:${JSON.stringify(text)}\n`));
      },
      flush(controller) {
        const rest = decoder.decode();
        if (rest !== "") controller.enqueue(encoder.encode(`0:${JSON.stringify(rest)}\n`));
      },
    }),
  );
  const headers = new Headers(response.headers);
  headers.set("content-type", "text/plain; charset=utf-8");
  headers.set("x-vercel-ai-data-stream", "v1");
  headers.delete("content-length");
  return new Response(framed, { status: response.status, headers });
}
