import type { KnowledgeSource } from "@parley/schemas/management/knowledge";
import type { KnowledgeFileType } from "@parley/schemas/management/knowledgeFiles";

/** A source's name is at most 100 characters: a longer file name is cut before its extension. */
export function toSourceName(fileName: string): string {
  if (fileName.length <= 100) return fileName;
  const extension = /\.[a-z0-9]{1,10}$/i.exec(fileName)?.[0] ?? "";
  return `${fileName.slice(0, 100 - extension.length - 1)}…${extension}`;
}

/** The most specific message of an error body of the API (`{code, message, issues}`), if it is one. */
export function readApiErrorMessage(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { message, issues } = body as { message?: unknown; issues?: unknown };
  if (Array.isArray(issues)) {
    const first: unknown = issues[0];
    if (
      typeof first === "object" &&
      first !== null &&
      typeof (first as { message?: unknown }).message === "string"
    )
      return (first as { message: string }).message;
  }
  return typeof message === "string" ? message : null;
}

/** An upload that failed without the server's reason: not sent at all, or answered with `status` and no message. */
export class KnowledgeUploadError extends Error {
  constructor(readonly status: number | null) {
    super(
      status === null
        ? "The file could not be sent: check the connection and try again"
        : `The upload failed (HTTP ${status})`,
    );
  }
}

/**
 * Sends a file to POST /api/v1/knowledgeBases/{id}/files as the request's body (the sign-in cookie
 * authenticates it, from this page's origin); the new source, or an Error with the server's reason.
 */
export async function uploadKnowledgeFile(
  knowledgeBaseId: string,
  file: File,
  fileType: KnowledgeFileType,
): Promise<KnowledgeSource> {
  const query = new URLSearchParams({ name: toSourceName(file.name) });
  let response: Response;
  try {
    response = await fetch(`/api/v1/knowledgeBases/${encodeURIComponent(knowledgeBaseId)}/files?${query}`, {
      method: "POST",
      headers: { "Content-Type": fileType },
      body: file,
      credentials: "same-origin",
    });
  } catch {
    throw new KnowledgeUploadError(null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = readApiErrorMessage(body);
    throw message ? new Error(message) : new KnowledgeUploadError(response.status);
  }
  return (body as { source: KnowledgeSource }).source;
}
