import { z } from "zod";
import { fetchGoogleJson } from "./fetchGoogleJson";
import {
  forgetGoogleAccessToken,
  getGoogleAccessToken,
  type ServiceAccountKey,
} from "./getGoogleAccessToken";
import type { GoogleEndpoints } from "./googleEndpoints";

export type SheetsApiResult = { ok: true; body: unknown } | { ok: false; error: string };

export interface SheetsApiCall {
  key: ServiceAccountKey;
  endpoints: GoogleEndpoints;
  signal?: AbortSignal;
}

/**
 * One Sheets API v4 request (`path` after the version segment) as the service account. Google's refusals
 * become messages that say what to do: share the spreadsheet (403), check its address (404), wait (429).
 */
export async function callSheetsApi(
  call: SheetsApiCall,
  request: { method: "GET" | "POST"; path: string; body?: unknown },
): Promise<SheetsApiResult> {
  const token = await getGoogleAccessToken(call.key, {
    tokenUrl: call.endpoints.tokenUrl,
    signal: call.signal,
  });
  if (!token.ok) return token;
  const response = await fetchGoogleJson(
    `${call.endpoints.sheetsApiUrl}${request.path}`,
    {
      method: request.method,
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: call.signal,
    },
    "Google Sheets",
  );
  if (!response.ok) return response;
  if (response.status >= 200 && response.status < 300) return { ok: true, body: response.body };
  if (response.status === 401) forgetGoogleAccessToken(token.accessToken);
  return { ok: false, error: describeRefusal(response.status, response.body, call.key.client_email) };
}

/** Google's error answer: `{ error: { message } }`. */
const googleErrorSchema = z.object({ error: z.object({ message: z.string() }) });

function describeRefusal(status: number, body: unknown, clientEmail: string): string {
  const detail = googleErrorSchema.safeParse(body).data?.error.message;
  const google = detail !== undefined ? ` (Google: ${detail.slice(0, 300)})` : "";
  switch (status) {
    case 403:
      return `The service account ${clientEmail} has no access to this spreadsheet: share it with that address${google}`;
    case 404:
      return `The spreadsheet was not found: check its address or id${google}`;
    case 429:
      return `Google Sheets' quota is used up for now; try again in a minute${google}`;
    case 401:
      return `Google did not accept the access token; it is renewed on the next call${google}`;
    default:
      return `Google Sheets answered ${status}${google}`;
  }
}
