import type { PluginBlockResult } from "@parley/engine";
import type { GmailBlock, VariableValue } from "@parley/schemas";
import { gmailCredentials } from "@parley/schemas/credentials";
import { z } from "zod";
import { readWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import { downloadAttachments } from "../../email/downloadAttachments";
import { fetchGoogleJson } from "../../google-sheets/fetchGoogleJson";
import { getGoogleEndpoints } from "../../google-sheets/googleEndpoints";
import { errorLog, logsOnly, type PluginContext, successLog } from "../pluginContext";
import { buildGmailMessage } from "./buildGmailMessage";
import { forgetGmailAccessToken, getGmailAccessToken } from "./getGmailAccessToken";

const sentMessageSchema = z.object({ id: z.string(), threadId: z.string().optional().catch(undefined) });

/**
 * `gmail`, Send email: the message built as MIME (attachments downloaded through the outbound rules), sent by
 * `POST {GMAIL_API_URL}/gmail/v1/users/me/messages/send` with `{raw, threadId?}` and an access token from the
 * account's refresh token; a label is added with `…/messages/{id}/modify`. The message and thread ids go to
 * the mapped variables.
 */
export async function runGmail(block: GmailBlock, context: PluginContext): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  if (!options.credentialsId) return logsOnly(errorLog("Gmail block has no account; skipped"));
  const to = options.to?.trim();
  if (!to) return logsOnly(errorLog("Gmail Send email: no recipient; skipped"));
  const credentials = await readWorkspaceCredentials(context.getPrisma(), {
    workspaceId: context.request.workspaceId,
    credentialsId: options.credentialsId,
    types: [gmailCredentials.type],
  });
  if (!credentials.ok) return logsOnly(errorLog("Gmail credentials could not be read", credentials.error));
  const attachmentUrls = readAttachmentUrls(options.attachments, context.request.variables);
  const attachments = await downloadAttachments(attachmentUrls, {
    timeoutMs: 20_000,
    allowList: context.call.allowList,
    signal: context.call.signal,
    workspaceId: context.request.workspaceId,
    readUpload: context.readUpload,
  });
  if (!attachments.ok) return logsOnly(errorLog("Gmail Send email: an attachment failed", attachments.error));
  const raw = await buildGmailMessage({
    to,
    subject: options.subject ?? "",
    body: options.body ?? "",
    from: options.from?.trim() || undefined,
    replyTo: options.threadId?.trim() ? undefined : options.replyTo?.trim() || undefined,
    attachments: attachments.attachments,
  });
  const endpoints = getGoogleEndpoints(context.googleEndpoints);
  const token = await getGmailAccessToken(credentials.data, {
    tokenUrl: endpoints.tokenUrl,
    signal: context.call.signal,
  });
  if (!token.ok) return logsOnly(errorLog("Gmail could not sign in", token.error));
  const authorization = `Bearer ${token.accessToken}`;
  const threadId = options.threadId?.trim();
  const sent = await fetchGoogleJson(
    `${endpoints.gmailApiUrl}/gmail/v1/users/me/messages/send`,
    {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ raw: raw.toString("base64url"), ...(threadId ? { threadId } : {}) }),
      signal: context.call.signal,
    },
    "Gmail",
  );
  if (!sent.ok) return logsOnly(errorLog("Gmail did not answer", sent.error));
  if (sent.status === 401) forgetGmailAccessToken(token.accessToken);
  const message = sentMessageSchema.safeParse(sent.body);
  if (sent.status !== 200 || !message.success)
    return logsOnly(errorLog("Gmail refused the e-mail", describeGoogleError(sent.status, sent.body)));
  const logs = [successLog(`Gmail sent the e-mail to ${to}`)];
  const label = options.label?.trim();
  if (label) {
    const labelled = await fetchGoogleJson(
      `${endpoints.gmailApiUrl}/gmail/v1/users/me/messages/${encodeURIComponent(message.data.id)}/modify`,
      {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({ addLabelIds: [label] }),
        signal: context.call.signal,
      },
      "Gmail",
    );
    if (!labelled.ok || labelled.status !== 200)
      logs.push(
        errorLog(
          `Gmail sent the e-mail but could not add the label ${label}`,
          labelled.ok ? describeGoogleError(labelled.status, labelled.body) : labelled.error,
        ),
      );
  }
  const updates: { variableId: string; value: VariableValue }[] = [];
  for (const mapping of options.responseMapping ?? []) {
    if (!mapping.variableId) continue;
    const value = (mapping.item ?? "Message ID") === "Message ID" ? message.data.id : message.data.threadId;
    if (value !== undefined) updates.push({ variableId: mapping.variableId, value });
  }
  return { variableUpdates: updates, logs };
}

/**
 * The files to attach: Typebot stores the id of a variable holding their URLs; written in this product's form
 * it is text, `{{a variable}}` already replaced. URLs are separated by commas, spaces or new lines.
 */
function readAttachmentUrls(
  attachments: string | undefined,
  variables: readonly { id: string; value: VariableValue }[],
): string[] {
  const written = attachments?.trim();
  if (!written) return [];
  const variable = variables.find((candidate) => candidate.id === written);
  const values = variable
    ? Array.isArray(variable.value)
      ? variable.value
      : [variable.value]
    : written.split(/[\s,]+/);
  return values.filter((value): value is string => typeof value === "string" && /^https?:\/\//i.test(value));
}

/** Google's error body: `{error: {code, message, status}}`. */
function describeGoogleError(status: number, body: unknown): string {
  const error = z.object({ error: z.object({ message: z.string() }) }).safeParse(body);
  return `Gmail answered ${status}${error.success ? `: ${error.data.error.message.slice(0, 300)}` : ""}`;
}
