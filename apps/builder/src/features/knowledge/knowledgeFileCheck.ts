import {
  type KnowledgeFileType,
  knowledgeFileTypes,
  MAX_KNOWLEDGE_FILE_BYTES,
  resolveKnowledgeFileType,
} from "@parley/schemas/management/knowledgeFiles";

/** The file picker's `accept`: every media type a file source takes, and their extensions. */
export const knowledgeFileAccept = Object.entries(knowledgeFileTypes)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(",");

/** "2.4 MB", "830 KB", "12 bytes" (powers of 1024, as the upload limit is counted). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;
}

export type KnowledgeFileCheck = { ok: true; fileType: KnowledgeFileType } | { ok: false; error: string };

/**
 * What the server would refuse, said before anything is sent: a file over 50 MB, an empty one, or one that
 * is not PDF, DOCX, Markdown, HTML, text or CSV (by its type, else its extension, as the server reads it).
 */
export function checkKnowledgeFile(file: { name: string; type: string; size: number }): KnowledgeFileCheck {
  if (file.size > MAX_KNOWLEDGE_FILE_BYTES)
    return {
      ok: false,
      error: `${file.name} (${formatFileSize(file.size)}) is larger than ${formatFileSize(MAX_KNOWLEDGE_FILE_BYTES)}, the most a file may be`,
    };
  if (file.size === 0) return { ok: false, error: `${file.name} is empty` };
  const fileType = resolveKnowledgeFileType(file.type || null, file.name);
  if (!fileType)
    return { ok: false, error: `${file.name} is not a PDF, DOCX, Markdown, HTML, text or CSV file` };
  return { ok: true, fileType };
}
