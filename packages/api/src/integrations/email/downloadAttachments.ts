import { readStreamBytes, safeFetchStream } from "../../outbound/safeFetchStream";

/** Attachments are fetched like any outbound request; past these sizes the e-mail is refused. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_TOTAL_BYTES = 20 * 1024 * 1024;

export type DownloadedAttachments =
  | { ok: true; attachments: { fileName: string; contentType: string; content: Buffer }[] }
  | { ok: false; error: string };

/** Downloads the files of an e-mail (a file variable's URLs) through the outbound rules. */
export async function downloadAttachments(
  urls: string[],
  options: { timeoutMs: number; allowList?: readonly string[]; signal?: AbortSignal },
): Promise<DownloadedAttachments> {
  const attachments: { fileName: string; contentType: string; content: Buffer }[] = [];
  let total = 0;
  for (const url of urls) {
    try {
      const stream = await safeFetchStream(url, {
        timeoutMs: options.timeoutMs,
        maxResponseBytes: MAX_ATTACHMENT_BYTES,
        allowList: options.allowList,
        signal: options.signal,
      });
      const content = await readStreamBytes(stream);
      if (stream.status >= 400)
        return { ok: false, error: `Attachment ${url} could not be downloaded (HTTP ${stream.status})` };
      total += content.byteLength;
      if (total > MAX_ATTACHMENTS_TOTAL_BYTES)
        return {
          ok: false,
          error: `Attachments are larger than ${MAX_ATTACHMENTS_TOTAL_BYTES / 1024 / 1024} MB together`,
        };
      const fileName =
        decodeURIComponent(new URL(stream.url).pathname.split("/").pop() || "attachment") || "attachment";
      const contentType = stream.headers["content-type"]?.split(";")[0]?.trim() || "application/octet-stream";
      attachments.push({ fileName, contentType, content });
    } catch (error) {
      return { ok: false, error: `Attachment ${url} could not be downloaded: ${(error as Error).message}` };
    }
  }
  return { ok: true, attachments };
}
