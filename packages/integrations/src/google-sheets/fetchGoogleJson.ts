import { errorNameOf } from "../caughtError";

/** Google's answers (a whole sheet included) are read up to this size. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const CALL_TIMEOUT_MS = 10_000;

export type GoogleResponse = { ok: true; status: number; body: unknown } | { ok: false; error: string };

/**
 * One call to Google (token endpoint or Sheets API). Their URLs are the operator's (GOOGLE_OAUTH_TOKEN_URL,
 * GOOGLE_SHEETS_API_URL), so they are fetched directly rather than through safeFetch; time and size are
 * capped. Any HTTP status is an answer (`ok: true`); only an unreachable server or an unreadable body is not.
 */
export async function fetchGoogleJson(
  url: string,
  init: { method: "GET" | "POST"; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
  name: string,
): Promise<GoogleResponse> {
  const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: { accept: "application/json", ...init.headers },
      body: init.body,
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
      redirect: "error",
    });
    const text = await readCapped(response);
    if (text === null) return { ok: false, error: `${name} answered more than 8 MB` };
    return { ok: true, status: response.status, body: parseJson(text) };
  } catch (error) {
    const reason = timeout.aborted ? "no answer within 10 s" : errorNameOf(error);
    return { ok: false, error: `${name} could not be reached (${reason})` };
  }
}

async function readCapped(response: Response): Promise<string | null> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 300);
  }
};
