import nodemailer from "nodemailer";

export interface GmailMessage {
  to: string;
  subject: string;
  body: string;
  from?: string;
  replyTo?: string;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

/**
 * The message as RFC 5322 bytes, which Gmail's `messages.send` takes base64url-encoded as `raw`: nodemailer's
 * composer (no transport: its stream transport only returns the bytes). The body is plain text; without
 * `from`, Gmail writes the account's own address.
 */
export async function buildGmailMessage(message: GmailMessage): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const info = await composer.sendMail({
    ...(message.from ? { from: message.from } : {}),
    to: message.to,
    subject: message.subject,
    text: message.body,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    attachments: message.attachments.map((file) => ({
      filename: file.fileName,
      contentType: file.contentType,
      content: file.content,
    })),
    // Without a sender nodemailer cannot name an envelope; Gmail sends from the signed-in account.
    envelope: { from: message.from ?? "me@gmail.invalid", to: message.to },
  });
  return info.message as Buffer;
}
