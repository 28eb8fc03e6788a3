import nodemailer from "nodemailer";
import { errorCodeOf, errorMessageOf } from "../caughtError";
import { isOutboundError } from "../outbound/OutboundError";
import { resolveSafeHost } from "../outbound/resolveSafeHost";

export interface SmtpAccount {
  host: string;
  port: number;
  /** TLS from the first byte; otherwise STARTTLS when offered. */
  isTlsEnabled: boolean;
  username?: string;
  password?: string;
  from: { email: string; name?: string };
  /** The operator's own server (SMTP_HOST) skips the outbound rules; authors' hosts never do. */
  isTrusted?: boolean;
}

export interface OutgoingEmail {
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  text: string | null;
  html: string | null;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

export type SendResult = { ok: true; messageId: string } | { ok: false; error: string };

/**
 * Sends one message with nodemailer. An author's host is resolved and checked like any outbound
 * request, and the connection goes to that checked address (the name stays the TLS server name).
 */
export async function sendSmtpMessage(
  account: SmtpAccount,
  email: OutgoingEmail,
  options: { timeoutMs: number; allowList?: readonly string[]; signal?: AbortSignal },
): Promise<SendResult> {
  let connectHost = account.host;
  if (!account.isTrusted) {
    try {
      connectHost = (
        await resolveSafeHost(account.host, { allowList: options.allowList, timeoutMs: options.timeoutMs })
      ).address;
    } catch (error) {
      const reason =
        isOutboundError(error) && error.code === "BLOCKED_ADDRESS" ? "refused by the outbound rules: " : "";
      return {
        ok: false,
        error: `SMTP host ${account.host} ${reason ? reason : "could not be used: "}${errorMessageOf(error)}`,
      };
    }
  }
  const transport = nodemailer.createTransport({
    host: connectHost,
    port: account.port,
    secure: account.isTlsEnabled,
    name: "parley",
    ...(account.isTrusted ? {} : { servername: account.host, tls: { servername: account.host } }),
    ...(account.username ? { auth: { user: account.username, pass: account.password ?? "" } } : {}),
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    dnsTimeout: options.timeoutMs,
  });
  try {
    const info = await transport.sendMail({
      from: account.from.name ? { name: account.from.name, address: account.from.email } : account.from.email,
      to: email.to,
      cc: email.cc,
      bcc: email.bcc,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      subject: email.subject,
      ...(email.text !== null ? { text: email.text } : {}),
      ...(email.html !== null ? { html: email.html } : {}),
      attachments: email.attachments.map((attachment) => ({
        filename: attachment.fileName,
        contentType: attachment.contentType,
        content: attachment.content,
      })),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { ok: true, messageId: info.messageId };
  } catch (error) {
    return { ok: false, error: describeSmtpError(error, account) };
  } finally {
    transport.close();
  }
}

function describeSmtpError(error: unknown, account: SmtpAccount): string {
  const code = errorCodeOf(error);
  let message = error instanceof Error ? error.message : "unknown error";
  if (account.password) message = message.split(account.password).join("[redacted]");
  return `SMTP ${account.host}:${account.port} failed${code ? ` (${code})` : ""}: ${message}`;
}
