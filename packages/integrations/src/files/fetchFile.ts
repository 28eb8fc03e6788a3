import { platformEnv } from "@parley/platform/env";
import type { SafeFetchOptions } from "../outbound/safeFetch";
import { type DownloadedFile, downloadFile } from "../outbound/safeFetchStream";
import type { UploadSettings } from "./createUploadStorage";

/**
 * Reads a file of this server's own uploads (a file input's answer, a recording, a generated audio)
 * from its storage, or answers null for any other URL. Only files of `workspaceId` are read.
 */
export type ReadUpload = (
  url: string,
  scope: { workspaceId: string; maxBytes: number },
) => Promise<DownloadedFile | null>;

const filesPath = /^\/api\/v1\/files\/((?:public|private)\/([^/]+)\/[^/]+\/[^/]+\/[^/]+\/[^/]+)$/;

/**
 * The uploads' reader. Their URLs point at the viewer (or, for previews, the builder) itself, which
 * the outbound rules rightly refuse on a default install (localhost) and which serve private files
 * to members only: the server reads them from storage instead, for the bot's own workspace only.
 * Another workspace's URL is treated like any other URL (through the outbound rules).
 */
export function createUploadReader(uploads: UploadSettings): ReadUpload {
  const origins = new Set([uploads.viewerUrl, platformEnv.BUILDER_URL].map((url) => new URL(url).origin));
  const bucketBase = uploads.storage.publicUrl("");
  return async (url, { workspaceId, maxBytes }) => {
    const key = findUploadKey(url, origins, bucketBase);
    if (!key || key.split("/")[1] !== workspaceId) return null;
    const file = await uploads.storage.readFile(key);
    if (!file) throw new Error("The uploaded file no longer exists");
    const fileName = key.split("/").at(-1) ?? "file";
    return "redirect" in file
      ? fetchFromBucket(file.redirect, fileName, maxBytes)
      : { status: 200, contentType: file.contentType, fileName, bytes: await readCapped(file, maxBytes) };
  };
}

function findUploadKey(url: string, origins: Set<string>, bucketBase: string | null): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  let encodedKey: string | undefined;
  if (origins.has(parsed.origin)) encodedKey = filesPath.exec(parsed.pathname)?.[1];
  else if (bucketBase && url.startsWith(bucketBase)) encodedKey = url.slice(bucketBase.length).split("?")[0];
  if (!encodedKey) return null;
  try {
    const segments = encodedKey.split("/").map(decodeURIComponent);
    if (segments.length !== 6 || segments.some((part) => /[/\\]/.test(part) || part === "." || part === ".."))
      return null;
    return segments.join("/");
  } catch {
    return null;
  }
}

async function readCapped(file: { stream: ReadableStream; size: number }, maxBytes: number) {
  if (file.size > maxBytes) {
    await file.stream.cancel();
    throw new Error(`The file is larger than ${maxBytes} bytes`);
  }
  return Buffer.from(await new Response(file.stream).arrayBuffer());
}

/** The bucket is the operator's own configuration, not an author's URL: a plain request. */
async function fetchFromBucket(
  signedUrl: string,
  fileName: string,
  maxBytes: number,
): Promise<DownloadedFile> {
  const response = await fetch(signedUrl);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw new Error(`The file is larger than ${maxBytes} bytes`);
  const contentType =
    response.headers.get("content-type")?.split(";")[0]?.trim() || "application/octet-stream";
  return { status: response.status, contentType, fileName, bytes };
}

/**
 * A file an integration needs (an attachment, a recording): from this server's uploads when it is
 * one of the workspace's, else downloaded through the outbound rules.
 */
export async function fetchFile(
  url: string,
  options: SafeFetchOptions & {
    fallbackName: string;
    maxResponseBytes: number;
    readUpload?: ReadUpload;
    /** The workspace whose uploads may be read (with `readUpload`). */
    workspaceId?: string;
  },
): Promise<DownloadedFile> {
  const own =
    options.readUpload && options.workspaceId
      ? await options.readUpload(url, {
          workspaceId: options.workspaceId,
          maxBytes: options.maxResponseBytes,
        })
      : null;
  return own ?? downloadFile(url, options);
}
