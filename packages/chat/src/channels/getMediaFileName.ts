import { toSafeFileName } from "../core/files/getUploadRules";

/**
 * Extensions of the media types WhatsApp and Telegram send (their documented lists), as the file
 * input's type check reads them from the stored file's URL.
 */
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "audio/aac": "aac",
  "audio/amr": "amr",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/ogg": "ogg",
  "audio/opus": "opus",
  "application/pdf": "pdf",
  "text/plain": "txt",
};

/** The name a channel's file is stored under: the sender's name for it when given, else `<kind>.<extension>`. */
export function getMediaFileName(kind: string, mimeType: string, givenName?: string): string {
  if (givenName?.trim()) return toSafeFileName(givenName);
  const extension = EXTENSIONS[mimeType.toLowerCase().split(";")[0]?.trim() ?? ""];
  return extension ? `${kind}.${extension}` : kind;
}
