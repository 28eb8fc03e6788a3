import { errorNameOf } from "../caughtError";

const CALL_TIMEOUT_MS = 30_000;

export type DownloadedMedia = { ok: true; bytes: Buffer; contentType: string };
export type MediaFailure = { ok: false; error: string; isTooLarge: boolean };

/**
 * A GET to a messaging platform (its API, or the file URL it gave): the operator's, so fetched
 * directly like postPlatformCall. `name` says the call in errors, never the URL (it may hold a token).
 */
async function getFromPlatform(url: string, call: { name: string; headers?: Record<string, string> }) {
  try {
    const response = await fetch(url, {
      headers: call.headers,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      redirect: "follow",
    });
    if (response.ok) return { ok: true as const, response };
    const detail = (await response.text()).slice(0, 500);
    return {
      ok: false as const,
      error: `${call.name} answered ${response.status}: ${detail}`,
      isTooLarge: false,
    };
  } catch (error) {
    return {
      ok: false as const,
      error: `${call.name} could not be reached: ${errorNameOf(error)}`,
      isTooLarge: false,
    };
  }
}

/** A platform API's JSON answer to a GET. */
export async function getPlatformJson(
  url: string,
  call: { name: string; headers?: Record<string, string> },
): Promise<{ ok: true; body: unknown } | MediaFailure> {
  const got = await getFromPlatform(url, call);
  if (!got.ok) return got;
  try {
    return { ok: true, body: await got.response.json() };
  } catch {
    return { ok: false, error: `${call.name} answered with a body that is not JSON`, isTooLarge: false };
  }
}

/** A file's bytes, read up to `maxBytes` (more: refused without reading on, `isTooLarge`). */
export async function downloadPlatformFile(
  url: string,
  call: { name: string; headers?: Record<string, string>; maxBytes: number },
): Promise<DownloadedMedia | MediaFailure> {
  const got = await getFromPlatform(url, call);
  if (!got.ok) return got;
  const { response } = got;
  const tooLarge = {
    ok: false as const,
    error: `${call.name}: the file is larger than the limit`,
    isTooLarge: true,
  };
  if (Number(response.headers.get("content-length") ?? 0) > call.maxBytes) {
    await response.body?.cancel();
    return tooLarge;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > call.maxBytes) {
      await reader.cancel().catch(() => {});
      return tooLarge;
    }
    chunks.push(Buffer.from(value));
  }
  const contentType =
    response.headers.get("content-type")?.split(";")[0]?.trim() || "application/octet-stream";
  return { ok: true, bytes: Buffer.concat(chunks), contentType };
}
