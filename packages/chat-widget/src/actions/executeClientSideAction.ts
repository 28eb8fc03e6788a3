import type { ClientSideAction, ContinueChatResponse } from "@parley/schemas";
import { sanitizeUrl } from "../rich-text/sanitizeUrl";
import { injectStartProps } from "./injectStartProps";
import { openZendeskMessenger } from "./openZendeskMessenger";
import { runScriptInPage, runScriptInWorker, type ScriptArgument, stringifyScriptResult } from "./runScript";

export interface ActionContext {
  /** Builder preview: every piece of bot code runs in the sandbox, never in the builder page. */
  isPreview: boolean;
  /** Streams the current block's text (stream actions); resolves with the full text. */
  streamMessage: () => Promise<string>;
  /** Waits until the webhook block was called (or timed out); resolves with the turn that followed. */
  listenForWebhook: (listenId: string) => Promise<ContinueChatResponse>;
  /** Opens the session's event stream while an inbox agent handles the chat (returns at once). */
  listenForAgent: (conversationId: string) => void;
  /** Navigates the page (injected so tests and embeds can observe it). */
  navigate?: (url: string) => void;
}

export type ActionOutcome =
  | { kind: "done" }
  /** Send this text as the next message (dedicated reply). */
  | { kind: "reply"; text: string }
  /** A new tab was refused by the browser: offer a link. */
  | { kind: "popupBlocked"; url: string }
  /** The flow went on server-side (a webhook call): show this turn. */
  | { kind: "resumed"; response: ContinueChatResponse };

/** Runs one client-side action of a chat response. */
export async function executeClientSideAction(
  action: ClientSideAction,
  context: ActionContext,
): Promise<ActionOutcome> {
  switch (action.type) {
    case "scriptToExecute": {
      const { content, args, isUnsafe } = action.scriptToExecute;
      await runScript(content, args, isUnsafe || context.isPreview).catch((error) =>
        console.error("[parley] script failed:", error),
      );
      return replyIfExpected(action, "");
    }
    case "codeToExecute": {
      const { content, args } = action.codeToExecute;
      const list = Object.entries(args).map(([id, value]) => ({ id, value }));
      await runScript(content, list, context.isPreview).catch((error) =>
        console.error("[parley] code failed:", error),
      );
      return replyIfExpected(action, "");
    }
    case "chatwoot": {
      const { content, args } = action.chatwoot.scriptToExecute;
      if (!context.isPreview) await runScriptInPage(content, args).catch(() => undefined);
      return { kind: "done" };
    }
    case "zendesk":
      // The chat goes on while Zendesk's snippet loads (a third party's script, maybe slow or blocked).
      if (!context.isPreview)
        void openZendeskMessenger(action.zendesk).catch((error) =>
          console.error("[parley] Zendesk messaging failed:", error),
        );
      return { kind: "done" };
    case "setVariable": {
      const { content, args, isUnsafe } = action.setVariable.scriptToExecute;
      const value = await runScript(content, args, isUnsafe || context.isPreview).catch(() => undefined);
      return { kind: "reply", text: stringifyScriptResult(value) };
    }
    case "redirect":
      return redirect(action.redirect, context);
    case "wait":
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(action.wait.secondsToWaitFor, 3600) * 1000),
      );
      return replyIfExpected(action, "");
    case "httpRequestToExecute":
      return { kind: "reply", text: await executeHttpRequest(action.httpRequestToExecute) };
    case "startPropsToInject":
      if (!context.isPreview && typeof document !== "undefined") injectStartProps(action.startPropsToInject);
      return { kind: "done" };
    case "googleAnalytics":
      sendGoogleAnalyticsEvent(action.googleAnalytics);
      return { kind: "done" };
    case "pixel":
      trackPixelEvent(action.pixel);
      return { kind: "done" };
    case "stream":
    case "streamOpenAiChatCompletion":
      return { kind: "reply", text: await context.streamMessage() };
    case "listenForWebhook":
      return { kind: "resumed", response: await context.listenForWebhook(action.listenForWebhook.listenId) };
    case "listenForAgent":
      context.listenForAgent(action.listenForAgent.conversationId);
      return { kind: "done" };
  }
}

function runScript(content: string, args: readonly ScriptArgument[], isSandboxed: boolean) {
  return isSandboxed ? runScriptInWorker(content, args) : runScriptInPage(content, args);
}

function replyIfExpected(action: ClientSideAction, text: string): ActionOutcome {
  return action.expectsDedicatedReply ? { kind: "reply", text } : { kind: "done" };
}

function redirect(
  { url, isNewTab }: { url: string; isNewTab: boolean },
  context: ActionContext,
): ActionOutcome {
  const safeUrl = sanitizeUrl(url);
  if (!safeUrl) return { kind: "done" };
  if (isNewTab) {
    // "noopener" would make window.open return null even on success: cut the opener by hand instead.
    const opened = window.open(safeUrl, "_blank");
    if (!opened) return { kind: "popupBlocked", url: safeUrl };
    opened.opener = null;
    return { kind: "done" };
  }
  (context.navigate ?? ((target: string) => window.location.assign(target)))(safeUrl);
  return { kind: "done" };
}

async function executeHttpRequest(request: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}): Promise<string> {
  const url = sanitizeUrl(request.url);
  if (!url || !/^https?:/i.test(url)) return JSON.stringify({ statusCode: 400, data: "Invalid URL" });
  try {
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      credentials: "omit",
      body:
        request.method === "GET" || request.method === "HEAD" || request.body === undefined
          ? undefined
          : typeof request.body === "string"
            ? request.body
            : JSON.stringify(request.body),
    });
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return JSON.stringify({ statusCode: response.status, data });
  } catch (error) {
    return JSON.stringify({
      statusCode: 500,
      data: error instanceof Error ? error.message : "Request failed",
    });
  }
}

type Tracker = (...args: unknown[]) => void;

declare global {
  interface Window {
    /** Google Analytics' `gtag`, when the page (or the bot's own script) loaded it. */
    gtag?: Tracker;
    /** Meta Pixel's `fbq`, when the page (or the bot's own script) loaded it. */
    fbq?: Tracker;
  }
}

function sendGoogleAnalyticsEvent(options: {
  action: string | null;
  category: string | null;
  label: string | null;
  value: number | null;
  sendTo: string | null;
}) {
  const gtag = window.gtag;
  if (!gtag || !options.action) return;
  gtag("event", options.action, {
    event_category: options.category ?? undefined,
    event_label: options.label ?? undefined,
    value: options.value ?? undefined,
    send_to: options.sendTo ?? undefined,
  });
}

function trackPixelEvent(options: {
  pixelId: string;
  eventType: string;
  name: string | null;
  params: { key: string; value: string }[];
}) {
  const fbq = window.fbq;
  if (!fbq) return;
  const params = Object.fromEntries(options.params.map((param) => [param.key, param.value]));
  if (options.eventType === "Custom") {
    if (options.name) fbq("trackSingleCustom", options.pixelId, options.name, params);
    return;
  }
  fbq("trackSingle", options.pixelId, options.eventType, params);
}
