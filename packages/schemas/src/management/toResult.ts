import type { Result } from "./results";

type ResultVariable = Result["variables"][number];

/** The columns `toResult` reads (a Prisma `select` of Result). */
export const resultSelect = {
  id: true,
  createdAt: true,
  hasStarted: true,
  isCompleted: true,
  language: true,
  variables: true,
  answers: {
    orderBy: { index: "asc" },
    select: { blockId: true, groupId: true, content: true, attachedFileUrls: true, createdAt: true },
  },
} as const;

/** A Result row as `resultSelect` reads it. */
export interface StoredResultRow {
  id: string;
  createdAt: Date;
  hasStarted: boolean;
  isCompleted: boolean;
  language: string | null;
  variables: unknown;
  answers: {
    blockId: string;
    groupId: string;
    content: string;
    attachedFileUrls: unknown;
    createdAt: Date;
  }[];
}

function toVariableValue(value: unknown): ResultVariable["value"] {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => (item === null ? null : String(item)));
  return JSON.stringify(value);
}

/** Stored variables as `{id, name, value}` whatever shape the engine kept them in. */
export function toResultVariables(stored: unknown): ResultVariable[] {
  if (Array.isArray(stored)) {
    return stored
      .filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null)
      .map((entry) => ({
        id: String(entry.id ?? entry.name ?? ""),
        name: String(entry.name ?? entry.id ?? ""),
        value: toVariableValue(entry.value),
      }));
  }
  if (typeof stored === "object" && stored !== null) {
    return Object.entries(stored).map(([name, value]) => ({ id: name, name, value: toVariableValue(value) }));
  }
  return [];
}

export function toResult(row: StoredResultRow): Result {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    hasStarted: row.hasStarted,
    isCompleted: row.isCompleted,
    language: row.language,
    variables: toResultVariables(row.variables),
    answers: row.answers.map((answer) => ({
      blockId: answer.blockId,
      groupId: answer.groupId,
      content: answer.content,
      attachedFileUrls: Array.isArray(answer.attachedFileUrls) ? answer.attachedFileUrls.map(String) : null,
      createdAt: answer.createdAt.toISOString(),
    })),
  };
}
