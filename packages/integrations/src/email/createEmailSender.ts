import type { Database } from "@parley/db";
import type { PortResult, SendEmailRequest } from "@parley/engine";
import { platformEnv } from "@parley/platform/env";
import { platformEmailCredentialsId } from "@parley/schemas";
import { smtpCredentials } from "@parley/schemas/credentials";
import { readWorkspaceCredentials } from "../credentials/workspaceCredentials";
import { integrationsEnv } from "../env";
import type { ReadUpload } from "../files/fetchFile";
import { buildEmailContent, defaultEmailSubject } from "./buildEmailContent";
import { downloadAttachments } from "./downloadAttachments";
import { type SmtpAccount, sendSmtpMessage } from "./sendSmtpMessage";

export interface EmailServices {
  getPrisma: () => Database;
  /** Hosts reachable although private, on top of OUTBOUND_ALLOWED_HOSTS (tests use 127.0.0.1). */
  allowList?: readonly string[];
  signal?: AbortSignal;
  /** The platform account for blocks on "default" credentials; defaults to SMTP_HOST & co. */
  platformAccount?: SmtpAccount | null;
  timeoutMs?: number;
  /** Reads the server's own uploads (file inputs' answers) from storage. */
  readUpload?: ReadUpload;
}

/** The e-mail port: SMTP credentials of the bot's workspace (or the platform's), through nodemailer. */
export function createEmailSender(services: EmailServices) {
  return async (request: SendEmailRequest): Promise<PortResult> => {
    const account = await resolveAccount(services, request);
    if (!account.ok) return account;
    const timeoutMs = services.timeoutMs ?? integrationsEnv.SMTP_TIMEOUT_MS;
    const downloaded = await downloadAttachments(request.attachmentUrls, {
      timeoutMs,
      allowList: services.allowList,
      signal: services.signal,
      readUpload: services.readUpload,
      workspaceId: request.workspaceId,
    });
    if (!downloaded.ok) return downloaded;
    const content = buildEmailContent(request, platformEnv.BUILDER_URL);
    const sent = await sendSmtpMessage(
      account.account,
      {
        to: request.recipients,
        cc: request.cc,
        bcc: request.bcc,
        replyTo: request.replyTo,
        subject: request.subject.trim() || defaultEmailSubject,
        ...content,
        attachments: downloaded.attachments,
      },
      { timeoutMs, allowList: services.allowList, signal: services.signal },
    );
    return sent.ok ? { ok: true } : sent;
  };
}

async function resolveAccount(
  services: EmailServices,
  request: SendEmailRequest,
): Promise<{ ok: true; account: SmtpAccount } | { ok: false; error: string }> {
  if (!request.credentialsId || request.credentialsId === platformEmailCredentialsId) {
    const platform = services.platformAccount !== undefined ? services.platformAccount : getPlatformAccount();
    if (!platform)
      return {
        ok: false,
        error: "No SMTP account: pick SMTP credentials in the block (this server has no SMTP_HOST)",
      };
    return { ok: true, account: platform };
  }
  const read = await readWorkspaceCredentials(services.getPrisma(), {
    workspaceId: request.workspaceId,
    credentialsId: request.credentialsId,
    types: [smtpCredentials.type],
  });
  if (!read.ok) return read;
  return { ok: true, account: { ...read.data, isTrusted: false } };
}

/** SMTP_HOST and its settings, when the operator configured a platform account. */
export function getPlatformAccount(): SmtpAccount | null {
  const { SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USERNAME, SMTP_PASSWORD, SMTP_FROM } = integrationsEnv;
  if (!SMTP_HOST) return null;
  const match = /^\s*(?:"?([^"<]*?)"?\s*)?<([^>]+)>\s*$/.exec(SMTP_FROM);
  return {
    host: SMTP_HOST,
    port: SMTP_PORT,
    isTlsEnabled: SMTP_SECURE,
    username: SMTP_USERNAME,
    password: SMTP_PASSWORD,
    from: match
      ? { email: match[2]!.trim(), name: match[1]?.trim() || undefined }
      : { email: SMTP_FROM.trim() },
    isTrusted: true,
  };
}
