import { createId } from "@parley/db";
import type { ChatSessionRow } from "@parley/db/queries/readChatSession";
import type { DownloadedMedia, MediaFailure } from "@parley/integrations/messaging/downloadPlatformFile";
import type { Logger } from "@parley/platform/logger";
import { type ChatMessage, getSystemMessage, type Settings } from "@parley/schemas";
import { ChatError } from "../core/chatErrors";
import type { ChatRuntime } from "../core/chatRuntime";
import { getStoredFileUrl } from "../core/files/getStoredFileUrl";
import { resolveUploadTarget } from "../core/files/resolveUploadTarget";

/** A file a channel message carries, downloaded only when the conversation waits for one. */
export interface ChannelMedia {
  /** The type the platform gave (`image/jpeg`). */
  mimeType: string;
  fileName: string;
  /** The size the platform announced, when it did. */
  fileSize?: number;
  caption?: string;
  download: (maxBytes: number) => Promise<DownloadedMedia | MediaFailure>;
}

/** The reply a media message gives the waiting block, or the system message it is refused with. */
export type MediaReply =
  | { type: "message"; message: ChatMessage & { type: "text" } }
  | { type: "refused"; text: string };

/**
 * A media message to an open session: stored through the upload storage and answered with the
 * stored file's URL, as the web chat's upload is, when the session waits for a file (a file input:
 * the URL is the reply; a text input taking attachments: the caption with the file attached).
 * Refused with the bot's system message (in the session's `language`) when its type or size is not accepted or it
 * cannot be fetched; to any other block its caption is the reply, and without one it is an invalid message.
 */
export async function toMediaReply(
  runtime: ChatRuntime,
  session: ChatSessionRow,
  settings: Settings,
  language: string | null,
  media: ChannelMedia,
  logger: Logger,
): Promise<MediaReply> {
  const systemMessage = (name: "invalidMessage" | "fileUploadError" | "fileUploadSizeError") =>
    getSystemMessage(settings, language, name);
  let target: Awaited<ReturnType<typeof resolveUploadTarget>>;
  // Checked against the block's allowed types by the type the platform announced, before any download.
  try {
    target = await resolveUploadTarget(runtime, session, {
      fileId: createId(),
      fileName: media.fileName,
      contentType: media.mimeType,
    });
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    const caption = media.caption?.trim();
    if (error.issues[0]?.code === "UPLOAD_NOT_EXPECTED" && caption)
      return { type: "message", message: { type: "text", text: caption } };
    return { type: "refused", text: systemMessage("invalidMessage") };
  }
  const { maxBytes } = runtime.uploads;
  const tooLarge = (): MediaReply => ({
    type: "refused",
    text: systemMessage("fileUploadSizeError")
      .replace("[[file]]", target.fileName)
      .replace("[[limit]]", String(Math.round((maxBytes / 1024 / 1024) * 10) / 10)),
  });
  if ((media.fileSize ?? 0) > maxBytes) return tooLarge();
  const downloaded = await media.download(maxBytes);
  if (!downloaded.ok) {
    if (downloaded.isTooLarge) return tooLarge();
    logger.error(
      { sessionId: session.id, error: downloaded.error },
      "messaging: a file could not be fetched",
    );
    return { type: "refused", text: systemMessage("fileUploadError") };
  }
  // Stored without parameters ("audio/ogg; codecs=opus"), so the files endpoint serves it inline.
  const contentType = media.mimeType.split(";")[0]?.trim() || "application/octet-stream";
  await runtime.uploads.storage.saveFile(target.key, downloaded.bytes, contentType);
  const url = getStoredFileUrl(runtime.uploads, target, runtime.uploads.viewerUrl);
  return target.isFileInput
    ? { type: "message", message: { type: "text", text: url } }
    : {
        type: "message",
        message: { type: "text", text: media.caption?.trim() ?? "", attachedFileUrls: [url] },
      };
}
