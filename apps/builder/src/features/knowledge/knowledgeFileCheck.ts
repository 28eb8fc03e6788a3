import {
  type KnowledgeFileType,
  knowledgeFileTypes,
  MAX_KNOWLEDGE_FILE_BYTES,
  resolveKnowledgeFileType,
} from "@parley/schemas/management/knowledgeFiles";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

/** The file picker's `accept`: every media type a file source takes, and their extensions. */
export const knowledgeFileAccept = Object.entries(knowledgeFileTypes)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(",");

/**
 * "2.4 MB", "830 KB", "12 bytes" (powers of 1024, as the upload limit is counted); in another interface
 * language, its units and decimal separator ("2,4 Mo").
 */
export function formatFileSize(bytes: number, locale = "en"): string {
  const [value, unit] =
    bytes < 1024
      ? [bytes, "byte"]
      : bytes < 1024 * 1024
        ? [Math.round(bytes / 1024), "kilobyte"]
        : [Math.round((bytes / 1024 / 1024) * 10) / 10, "megabyte"];
  if (locale === "en") return `${value} ${unit === "byte" ? "bytes" : unit === "kilobyte" ? "KB" : "MB"}`;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit,
    unitDisplay: unit === "byte" ? "long" : "short",
    maximumFractionDigits: 1,
  }).format(value);
}

/** Why a file is refused before it is sent; the dialog says it in the interface language. */
export type KnowledgeFileProblem = "tooLarge" | "empty" | "unsupported";

export type KnowledgeFileCheck =
  | { ok: true; fileType: KnowledgeFileType }
  | { ok: false; problem: KnowledgeFileProblem };

/**
 * What the server would refuse, said before anything is sent: a file over 50 MB, an empty one, or one that
 * is not PDF, DOCX, Markdown, HTML, text or CSV (by its type, else its extension, as the server reads it).
 */
export function checkKnowledgeFile(file: { name: string; type: string; size: number }): KnowledgeFileCheck {
  if (file.size > MAX_KNOWLEDGE_FILE_BYTES) return { ok: false, problem: "tooLarge" };
  if (file.size === 0) return { ok: false, problem: "empty" };
  const fileType = resolveKnowledgeFileType(file.type || null, file.name);
  if (!fileType) return { ok: false, problem: "unsupported" };
  return { ok: true, fileType };
}

/** A refused file's problem in the interface language. */
export function describeKnowledgeFileProblem(
  file: { name: string; size: number },
  problem: KnowledgeFileProblem,
  t: InterfaceTranslator<"Knowledge">,
  locale: string,
): string {
  if (problem === "tooLarge")
    return t("fileTooLarge", {
      name: file.name,
      size: formatFileSize(file.size, locale),
      max: formatFileSize(MAX_KNOWLEDGE_FILE_BYTES, locale),
    });
  return problem === "empty"
    ? t("fileEmpty", { name: file.name })
    : t("fileUnsupported", { name: file.name });
}
