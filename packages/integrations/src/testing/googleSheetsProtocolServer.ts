import { createVerify, generateKeyPairSync, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type LocalServer, readRequestText, startLocalServer } from "./startLocalServer";

export interface LocalSheet {
  sheetId: number;
  title: string;
  values: string[][];
}

export interface RecordedGoogleRequest {
  method: string;
  /** Path and query as received (`/v4/spreadsheets/…?fields=sheets.properties`). */
  path: string;
  body: string;
  authorization: string | undefined;
}

export interface GoogleSheetsProtocolServer extends LocalServer {
  tokenUrl: string;
  /** Up to the version segment, as GOOGLE_SHEETS_API_URL takes it. */
  sheetsApiUrl: string;
  /** Spreadsheets by id; tests edit them in place. */
  spreadsheets: Map<string, LocalSheet[]>;
  /** Spreadsheets the service account was not given access to (403). */
  forbidden: Set<string>;
  /** Answer every Sheets call 429 while true. */
  isQuotaExceeded: boolean;
  /** Every request but the token exchanges, in order. */
  sheetsRequests: RecordedGoogleRequest[];
  /** Decoded claims of every accepted assertion. */
  acceptedAssertions: Record<string, unknown>[];
}

/** A new RSA key pair of a service account, as PEM (the private key as Google's JSON key file holds it). */
export function createServiceAccountKeys() {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
}

/**
 * Google's OAuth token endpoint (`POST /token`, JWT bearer grant whose RS256 assertion must verify with
 * `publicKey` and carry the Sheets scope, this URL as audience and at most an hour of life) and the Sheets
 * API v4 endpoints a Google Sheets block calls, over in-memory spreadsheets, on loopback.
 */
export async function startGoogleSheetsProtocolServer(options: {
  clientEmail: string;
  publicKey: string;
  port?: number;
}): Promise<GoogleSheetsProtocolServer> {
  const issuedTokens = new Set<string>();
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readRequestText(request);
    const url = new URL(request.url ?? "/", server.origin);
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(json));
    };
    if (url.pathname === "/token" && request.method === "POST") {
      const refusal = checkAssertion(new URLSearchParams(body), options, server);
      if (typeof refusal === "string")
        return send(400, { error: "invalid_grant", error_description: refusal });
      const token = `ya29.local-${randomBytes(12).toString("hex")}`;
      issuedTokens.add(token);
      server.acceptedAssertions.push(refusal);
      return send(200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
    }
    server.sheetsRequests.push({
      method: request.method ?? "",
      path: `${url.pathname}${url.search}`,
      body,
      authorization: request.headers.authorization,
    });
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token || !issuedTokens.has(token))
      return send(
        401,
        googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED"),
      );
    if (server.isQuotaExceeded)
      return send(
        429,
        googleError(429, "Quota exceeded for quota metric 'Read requests'.", "RESOURCE_EXHAUSTED"),
      );
    const answer = answerSheetsCall(server, request.method ?? "", url, body);
    return send(answer.status, answer.body);
  };
  const local = await startLocalServer(
    (request, response) => {
      handle(request, response).catch(() => {
        response.writeHead(500);
        response.end();
      });
    },
    { port: options.port },
  );
  const server: GoogleSheetsProtocolServer = Object.assign(local, {
    tokenUrl: `${local.origin}/token`,
    sheetsApiUrl: `${local.origin}/v4`,
    spreadsheets: new Map<string, LocalSheet[]>(),
    forbidden: new Set<string>(),
    isQuotaExceeded: false,
    sheetsRequests: [],
    acceptedAssertions: [],
  });
  return server;
}

/** The assertion's claims when it is valid, else Google's reason for refusing it. */
function checkAssertion(
  form: URLSearchParams,
  options: { clientEmail: string; publicKey: string },
  server: GoogleSheetsProtocolServer,
): Record<string, unknown> | string {
  if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return "Invalid grant_type.";
  const [header, claims, signature] = (form.get("assertion") ?? "").split(".");
  if (!header || !claims || !signature) return "Invalid JWT.";
  const isSigned = createVerify("RSA-SHA256")
    .update(`${header}.${claims}`)
    .verify(options.publicKey, signature, "base64url");
  if (!isSigned) return "Invalid JWT Signature.";
  const decoded = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as Record<string, unknown>;
  const { alg } = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: string };
  if (alg !== "RS256") return "Invalid JWT: unsupported algorithm.";
  if (decoded.iss !== options.clientEmail) return "Invalid JWT: unknown issuer.";
  if (decoded.aud !== server.tokenUrl)
    return "Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.";
  if (decoded.scope !== "https://www.googleapis.com/auth/spreadsheets") return "Invalid OAuth scope.";
  const issuedAt = Number(decoded.iat);
  const expiresAt = Number(decoded.exp);
  const now = Date.now() / 1000;
  if (!(expiresAt > now && expiresAt - issuedAt <= 3600 && issuedAt <= now + 60))
    return "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.";
  return decoded;
}

const googleError = (code: number, message: string, status: string) => ({ error: { code, message, status } });

function answerSheetsCall(
  server: GoogleSheetsProtocolServer,
  method: string,
  url: URL,
  body: string,
): { status: number; body: unknown } {
  const match = /^\/v4\/spreadsheets\/([^/]+)(\/values(?::batchUpdate|\/([^/]+)))?$/.exec(url.pathname);
  if (!match) return { status: 404, body: googleError(404, "Not found", "NOT_FOUND") };
  const spreadsheetId = decodeURIComponent(match[1]!);
  if (server.forbidden.has(spreadsheetId))
    return {
      status: 403,
      body: googleError(403, "The caller does not have permission", "PERMISSION_DENIED"),
    };
  const sheets = server.spreadsheets.get(spreadsheetId);
  if (!sheets) return { status: 404, body: googleError(404, "Requested entity was not found.", "NOT_FOUND") };
  if (!match[2] && method === "GET") {
    if (url.searchParams.get("fields") !== "sheets.properties")
      return { status: 400, body: googleError(400, "Expected fields=sheets.properties", "INVALID_ARGUMENT") };
    return {
      status: 200,
      body: {
        sheets: sheets.map((sheet, index) => ({
          properties: { sheetId: sheet.sheetId, title: sheet.title, index, sheetType: "GRID" },
        })),
      },
    };
  }
  if (match[2] === "/values:batchUpdate" && method === "POST") {
    const request = JSON.parse(body) as {
      valueInputOption?: string;
      data: { range: string; values: string[][] }[];
    };
    for (const entry of request.data) {
      const target = parseRange(sheets, entry.range);
      if (!target?.cell)
        return {
          status: 400,
          body: googleError(400, `Unable to parse range: ${entry.range}`, "INVALID_ARGUMENT"),
        };
      while (target.sheet.values.length <= target.cell.row) target.sheet.values.push([]);
      const row = target.sheet.values[target.cell.row]!;
      while (row.length < target.cell.column) row.push("");
      row[target.cell.column] = entry.values[0]![0]!;
    }
    return { status: 200, body: { spreadsheetId, totalUpdatedCells: request.data.length } };
  }
  // The verb's colon is literal; the range's own colons arrive encoded.
  const [encodedRange, verb] = (match[3] ?? "").split(":");
  const range = decodeURIComponent(encodedRange ?? "");
  const target = parseRange(sheets, range);
  if (!target)
    return { status: 400, body: googleError(400, `Unable to parse range: ${range}`, "INVALID_ARGUMENT") };
  if (method === "GET" && !verb) {
    const rows = target.rows
      ? target.sheet.values.slice(target.rows[0], target.rows[1] + 1)
      : target.sheet.values;
    const trimmed = trimTrailing(rows.map(trimTrailing));
    return {
      status: 200,
      body: { range, majorDimension: "ROWS", ...(trimmed.length ? { values: trimmed } : {}) },
    };
  }
  if (method === "POST" && verb === "append") {
    const request = JSON.parse(body) as { values: string[][] };
    target.sheet.values = trimTrailing(target.sheet.values.map(trimTrailing));
    target.sheet.values.push(...request.values);
    return { status: 200, body: { spreadsheetId, updates: { updatedRows: request.values.length } } };
  }
  return { status: 404, body: googleError(404, "Not found", "NOT_FOUND") };
}

/** `'Title'`, `'Title'!1:1` (rows) or `'Title'!C5` (one cell); rows and columns from 0. */
function parseRange(sheets: LocalSheet[], range: string) {
  const match = /^'((?:[^']|'')+)'(?:!(?:(\d+):(\d+)|([A-Z]+)(\d+)))?$/.exec(range);
  const sheet = match && sheets.find((candidate) => candidate.title === match[1]!.replaceAll("''", "'"));
  if (!match || !sheet) return null;
  const column = match[4]
    ? [...match[4]].reduce((total, letter) => total * 26 + letter.charCodeAt(0) - 64, 0) - 1
    : 0;
  return {
    sheet,
    rows: match[2] ? ([Number(match[2]) - 1, Number(match[3]) - 1] as const) : null,
    cell: match[4] ? { column, row: Number(match[5]) - 1 } : null,
  };
}

/** Google leaves out trailing empty cells of a row and trailing empty rows. */
function trimTrailing<T>(items: T[]): T[] {
  const isEmpty = (item: T) => item === "" || (Array.isArray(item) && item.length === 0);
  let end = items.length;
  while (end > 0 && isEmpty(items[end - 1]!)) end--;
  return items.slice(0, end);
}
