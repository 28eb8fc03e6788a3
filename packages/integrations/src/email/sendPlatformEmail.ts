import { integrationsEnv } from "../env";
import { getPlatformAccount } from "./createEmailSender";
import { type SendResult, type SmtpAccount, sendSmtpMessage } from "./sendSmtpMessage";

export interface PlatformEmail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

/**
 * An e-mail of the platform itself (reminders, account messages) through the operator's SMTP account
 * (SMTP_HOST & co., or `account` in tests). Resolves `{ok: false}` with the reason when there is no
 * account or the server refused; never throws for a delivery failure.
 */
export function sendPlatformEmail(
  email: PlatformEmail,
  options: { account?: SmtpAccount | null; timeoutMs?: number } = {},
): Promise<SendResult> {
  const account = options.account !== undefined ? options.account : getPlatformAccount();
  if (!account) return Promise.resolve({ ok: false, error: "No SMTP account: SMTP_HOST is not set" });
  return sendSmtpMessage(
    account,
    {
      to: email.to,
      cc: [],
      bcc: [],
      replyTo: null,
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
      attachments: [],
    },
    { timeoutMs: options.timeoutMs ?? integrationsEnv.SMTP_TIMEOUT_MS },
  );
}
