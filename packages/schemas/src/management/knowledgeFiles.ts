/** The file kinds a file source may hold, by media type, with the extensions that stand for them. */
export const knowledgeFileTypes = {
  "application/pdf": [".pdf"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
  "text/markdown": [".md", ".markdown"],
  "text/html": [".html", ".htm"],
  "text/plain": [".txt"],
  "text/csv": [".csv"],
} as const;
export type KnowledgeFileType = keyof typeof knowledgeFileTypes;

/** A file source's size at most. */
export const MAX_KNOWLEDGE_FILE_BYTES = 50 * 1024 * 1024;

/**
 * The media type of an uploaded file: its `Content-Type` when it is one of knowledgeFileTypes, else (a
 * generic or missing type) the one its name's extension stands for; null when neither says.
 */
export function resolveKnowledgeFileType(contentType: string | null, name: string): KnowledgeFileType | null {
  const declared = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (declared === "text/x-markdown") return "text/markdown";
  if (declared in knowledgeFileTypes) return declared as KnowledgeFileType;
  const lowerName = name.toLowerCase();
  for (const [type, extensions] of Object.entries(knowledgeFileTypes))
    if (extensions.some((extension) => lowerName.endsWith(extension))) return type as KnowledgeFileType;
  return null;
}
