import { errorMessageOf } from "../caughtError";
import { fetchFile, type ReadUpload } from "../files/fetchFile";

/** Attachments are fetched like any outbound request; past these sizes the e-mail is refused. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_TOTAL_BYTES = 20 * 1024 * 1024;

export type DownloadedAttachments =
  | { ok: true; attachments: { fileName: string; contentType: string; content: Buffer }[] }
  | { ok: false; error: string };

/** The files of an e-mail (a file variable's URLs): the workspace's uploads from storage, others through the outbound rules. */
export async function downloadAttachments(
  urls: string[],
  options: {
    timeoutMs: number;
    allowList?: readonly string[];
    signal?: AbortSignal;
    readUpload?: ReadUpload;
    workspaceId: string;
  },
): Promise<DownloadedAttachments> {
  const attachments: { fileName: string; contentType: string; content: Buffer }[] = [];
  let total = 0;
  for (const url of urls) {
    try {
      const file = await fetchFile(url, {
        timeoutMs: options.timeoutMs,
        maxResponseBytes: MAX_ATTACHMENT_BYTES,
        allowList: options.allowList,
        signal: options.signal,
        fallbackName: "attachment",
        readUpload: options.readUpload,
        workspaceId: options.workspaceId,
      });
      if (file.status >= 400)
        return { ok: false, error: `Attachment ${url} could not be downloaded (HTTP ${file.status})` };
      total += file.bytes.byteLength;
      if (total > MAX_ATTACHMENTS_TOTAL_BYTES)
        return {
          ok: false,
          error: `Attachments are larger than ${MAX_ATTACHMENTS_TOTAL_BYTES / 1024 / 1024} MB together`,
        };
      attachments.push({ fileName: file.fileName, contentType: file.contentType, content: file.bytes });
    } catch (error) {
      return { ok: false, error: `Attachment ${url} could not be downloaded: ${errorMessageOf(error)}` };
    }
  }
  return { ok: true, attachments };
}
