import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type ParsedMail, simpleParser } from "mailparser";
import { type LocalServer, readRequestText, startLocalServer } from "./startLocalServer";

export interface GmailAccountForTests {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

export interface RecordedGmailRequest {
  method: string;
  path: string;
  body: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

export interface GmailProtocolServer extends LocalServer {
  /** As GOOGLE_OAUTH_TOKEN_URL takes it. */
  tokenUrl: string;
  /** As GMAIL_API_URL takes it (the origin). */
  gmailApiUrl: string;
  /** Every Gmail API request (token exchanges apart), in order. */
  gmailRequests: RecordedGmailRequest[];
  /** Every token exchange's form fields. */
  tokenRequests: Record<string, string>[];
  /** Label ids the mailbox has. */
  labels: Set<string>;
}

/**
 * Google's OAuth token endpoint (`POST /token`, refresh token grant for the one account it knows) and the
 * Gmail API v1 calls a Gmail block makes (`messages/send` with a base64url `raw` RFC 5322 message,
 * `messages/{id}/modify`), with Google's error shapes, on loopback.
 */
export async function startGmailProtocolServer(account: GmailAccountForTests): Promise<GmailProtocolServer> {
  const issuedTokens = new Set<string>();
  const sentIds = new Set<string>();
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readRequestText(request);
    const url = new URL(request.url ?? "/", server.origin);
    const send = (status: number, json: unknown) =>
      response
        .writeHead(status, { "content-type": "application/json; charset=utf-8" })
        .end(JSON.stringify(json));
    const googleError = (status: number, message: string, reason: string) =>
      send(status, { error: { code: status, message, status: reason } });
    if (url.pathname === "/token" && request.method === "POST") {
      const form = Object.fromEntries(new URLSearchParams(body));
      server.tokenRequests.push(form);
      if (request.headers["content-type"] !== "application/x-www-form-urlencoded")
        return send(400, { error: "invalid_request", error_description: "Bad content type" });
      if (form.grant_type !== "refresh_token")
        return send(400, { error: "unsupported_grant_type", error_description: "Invalid grant_type" });
      if (form.client_id !== account.clientId || form.client_secret !== account.clientSecret)
        return send(401, { error: "invalid_client", error_description: "Unauthorized" });
      if (form.refresh_token !== account.refreshToken)
        return send(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      const token = `ya29.local-${randomBytes(12).toString("hex")}`;
      issuedTokens.add(token);
      return send(200, {
        access_token: token,
        expires_in: 3599,
        scope: "https://www.googleapis.com/auth/gmail.send",
        token_type: "Bearer",
      });
    }
    server.gmailRequests.push({
      method: request.method ?? "",
      path: `${url.pathname}${url.search}`,
      body,
      authorization: request.headers.authorization,
      contentType: request.headers["content-type"],
    });
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token || !issuedTokens.has(token))
      return googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED");
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return googleError(400, "Invalid JSON payload received.", "INVALID_ARGUMENT");
    }
    if (url.pathname === "/gmail/v1/users/me/messages/send" && request.method === "POST") {
      if (typeof json.raw !== "string" || !/^[A-Za-z0-9_-]+$/.test(json.raw))
        return googleError(400, "Invalid value for ByteString: raw", "INVALID_ARGUMENT");
      const raw = Buffer.from(json.raw, "base64url").toString("utf8");
      if (!/^To: /im.test(raw)) return googleError(400, "Recipient address required", "INVALID_ARGUMENT");
      const id = randomBytes(8).toString("hex");
      sentIds.add(id);
      const threadId = typeof json.threadId === "string" ? json.threadId : id;
      return send(200, { id, threadId, labelIds: ["SENT"] });
    }
    const modify = /^\/gmail\/v1\/users\/me\/messages\/([^/]+)\/modify$/.exec(url.pathname);
    if (modify && request.method === "POST") {
      if (!sentIds.has(modify[1]!)) return googleError(404, "Requested entity was not found.", "NOT_FOUND");
      const labelIds = Array.isArray(json.addLabelIds) ? (json.addLabelIds as string[]) : [];
      if (labelIds.some((label) => !server.labels.has(label)))
        return googleError(400, `Invalid label: ${labelIds.join(",")}`, "INVALID_ARGUMENT");
      return send(200, { id: modify[1], labelIds: ["SENT", ...labelIds] });
    }
    return googleError(404, "Not Found", "NOT_FOUND");
  };
  const local = await startLocalServer((request, response) => void handle(request, response));
  const server: GmailProtocolServer = {
    ...local,
    tokenUrl: `${local.origin}/token`,
    gmailApiUrl: local.origin,
    gmailRequests: [],
    tokenRequests: [],
    labels: new Set(["Label_1"]),
  };
  return server;
}

/** The messages Gmail was asked to send, in order: the request's JSON and its `raw` message parsed. */
export async function readSentGmailMessages(
  server: GmailProtocolServer,
): Promise<{ request: RecordedGmailRequest; json: { raw: string; threadId?: string }; mail: ParsedMail }[]> {
  const sent = server.gmailRequests.filter((request) => request.path.endsWith("/messages/send"));
  return Promise.all(
    sent.map(async (request) => {
      const json = JSON.parse(request.body) as { raw: string; threadId?: string };
      return { request, json, mail: await simpleParser(Buffer.from(json.raw, "base64url")) };
    }),
  );
}
