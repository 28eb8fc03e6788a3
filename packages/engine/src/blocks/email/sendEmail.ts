import type { SendEmailBlock } from "@parley/schemas";
import type { SendEmailRequest } from "../../ports";
import { parseVariables } from "../../variables/parseVariables";
import { getVariableValue, type VariableScope } from "../../variables/VariableScope";
import {
  addLog,
  getCurrentFlow,
  getCurrentFrame,
  getCurrentScope,
  type TurnContext,
} from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/** More e-mails than this in one turn are refused (a loop sending mail). */
const MAX_EMAILS_PER_TURN = 5;

interface SendEmailOptions {
  credentialsId?: string;
  recipients?: string[];
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
  subject?: string;
  body?: string;
  isCustomBody?: boolean;
  isBodyCode?: boolean;
  attachmentsVariableId?: string;
}

/**
 * `Email`: sent through the e-mail port (skipped with a log in preview, when the port is missing, past
 * five per turn, or when the same e-mail was already sent this turn); the flow always goes on.
 */
export const sendEmail: ActionExecutor<SendEmailBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    const log = (status: "info" | "error" | "success", description: string, details?: string) =>
      addLog(
        ctx,
        { status, description, context: block.id, ...(details ? { details } : {}) },
        { isHiddenFromLiveClient: true },
      );
    if (ctx.state.isPreview) {
      log("info", "E-mails are not sent in preview");
      return { type: "next" };
    }
    if (!ctx.ports.sendEmail) {
      log("error", "E-mail sending is not configured on this server; skipped");
      return { type: "next" };
    }
    if (ctx.emailsSent >= MAX_EMAILS_PER_TURN) {
      log("error", `More than ${MAX_EMAILS_PER_TURN} e-mails in one turn; skipped`);
      return { type: "next" };
    }
    const request = buildEmailRequest(ctx, block.options ?? {});
    if (request.recipients.length === 0) {
      log("error", "E-mail has no recipient; skipped");
      return { type: "next" };
    }
    const fingerprint = JSON.stringify([request.recipients, request.subject, request.body]);
    if (ctx.sentEmailFingerprints.has(fingerprint)) {
      log("error", "The same e-mail was already sent this turn; skipped");
      return { type: "next" };
    }
    ctx.emailsSent += 1;
    ctx.sentEmailFingerprints.add(fingerprint);
    const result = await ctx.ports.sendEmail(request);
    if (result.ok && "isQueued" in result) log("success", "E-mail queued");
    else if (result.ok) log("success", "E-mail sent");
    else log("error", "E-mail could not be sent", result.error);
    return { type: "next" };
  },
};

const buildEmailRequest = (ctx: TurnContext, options: SendEmailOptions): SendEmailRequest => {
  const scope = getCurrentScope(ctx);
  const frame = getCurrentFrame(ctx);
  const isHtml = options.isBodyCode ?? false;
  return {
    workspaceId: ctx.state.workspaceId,
    botId: getCurrentFlow(ctx).botId,
    resultId: frame.resultId,
    credentialsId: options.credentialsId ?? null,
    recipients: parseAddresses(options.recipients, scope),
    cc: parseAddresses(options.cc, scope),
    bcc: parseAddresses(options.bcc, scope),
    replyTo: parseVariables(options.replyTo, scope).trim() || null,
    subject: parseVariables(options.subject, scope),
    body: options.isCustomBody ? substituteBody(options.body ?? "", scope, isHtml) : null,
    isHtml,
    attachmentUrls: listAttachments(getVariableValue(scope, options.attachmentsVariableId)),
    answers: ctx.state.results[frame.resultId]?.answers ?? [],
  };
};

/** Each entry may hold several comma-separated addresses (variables included). */
const parseAddresses = (entries: string[] | undefined, scope: VariableScope): string[] =>
  (entries ?? [])
    .flatMap((entry) => parseVariables(entry, scope).split(","))
    .map((address) => address.trim())
    .filter(Boolean);

/** In an HTML body, values are escaped so an answer cannot inject markup. */
const substituteBody = (body: string, scope: VariableScope, isHtml: boolean): string => {
  if (!isHtml) return parseVariables(body, scope);
  return body.replace(/\{\{([^{}]+?)\}\}/g, (match) =>
    parseVariables(match, scope).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;"),
  );
};

const listAttachments = (value: ReturnType<typeof getVariableValue>): string[] => {
  const items = Array.isArray(value) ? value : value ? value.split(",") : [];
  return items.map((item) => item?.trim() ?? "").filter((item) => item.startsWith("http"));
};
