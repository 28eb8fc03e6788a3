import type { ChatInput, ChatLog, VariableValue } from "@parley/schemas";

/** One turn of a preview chat as the debugger shows it: what started it, its logs, the variables after it. */
export interface PreviewTurn {
  /** null for the chat's start, else the visitor's answer that began the turn. */
  answer: string | null;
  logs: ChatLog[];
  /** The variables (by id) once the turn ended; null until read. */
  variablesAfter: Record<string, VariableValue> | null;
  /** The blocks the turn showed (bubbles, then the input it asked), in order. */
  blockIds: string[];
  /** The input the turn ended on (null: none, or the end). */
  input?: ChatInput | null;
}

export const startPreviewTurns = (): PreviewTurn[] => [
  { answer: null, logs: [], variablesAfter: null, blockIds: [] },
];

export const addPreviewAnswer = (turns: PreviewTurn[], answer: string): PreviewTurn[] => [
  ...turns,
  { answer, logs: [], variablesAfter: null, blockIds: [] },
];

/** A block shown by the turn's response belongs to the last turn (once, even when shown again). */
export const addPreviewBlock = (turns: PreviewTurn[], blockId: string): PreviewTurn[] =>
  turns.map((turn, index) =>
    index === turns.length - 1 && !turn.blockIds.includes(blockId)
      ? { ...turn, blockIds: [...turn.blockIds, blockId] }
      : turn,
  );

/** The input the bot asked at the end of the last turn. */
export const setPreviewInput = (turns: PreviewTurn[], input: ChatInput): PreviewTurn[] =>
  turns.map((turn, index) => (index === turns.length - 1 ? { ...turn, input } : turn));

export interface PassedBlock {
  id: string;
  /** The block's type, or null when the draft no longer has the block. */
  type: string | null;
  groupTitle: string | null;
}

/** The blocks a turn passed through, with their group's title, read from the draft. */
export function describePassedBlocks(
  blockIds: readonly string[],
  groups: readonly { title: string; blocks: readonly { id: string; type: string }[] }[],
): PassedBlock[] {
  return blockIds.map((id) => {
    for (const group of groups) {
      const block = group.blocks.find((candidate) => candidate.id === id);
      if (block) return { id, type: block.type, groupTitle: group.title };
    }
    return { id, type: null, groupTitle: null };
  });
}

/** Logs arrive with the turn's response: they belong to the last turn. */
export const addPreviewLogs = (turns: PreviewTurn[], logs: readonly ChatLog[]): PreviewTurn[] =>
  turns.map((turn, index) =>
    index === turns.length - 1 ? { ...turn, logs: [...turn.logs, ...logs] } : turn,
  );

export const setPreviewVariables = (
  turns: PreviewTurn[],
  variables: Record<string, VariableValue>,
): PreviewTurn[] =>
  turns.map((turn, index) => (index === turns.length - 1 ? { ...turn, variablesAfter: variables } : turn));

export interface PreviewVariableRow {
  id: string;
  name: string;
  before: string;
  after: string;
  isChanged: boolean;
}

const formatValue = (value: VariableValue | undefined): string =>
  value === undefined || value === null
    ? "—"
    : Array.isArray(value)
      ? value.filter((item) => item !== null).join(", ")
      : value;

/**
 * The variables before and after a turn (before = what the previous turn left, empty at the start), named
 * from the draft; a variable the draft no longer declares is shown by its id. Changed ones first.
 */
export function listPreviewVariableRows(
  turns: readonly PreviewTurn[],
  turnIndex: number,
  declared: readonly { id: string; name: string }[],
): PreviewVariableRow[] {
  const before = turns[turnIndex - 1]?.variablesAfter ?? {};
  const after = turns[turnIndex]?.variablesAfter ?? {};
  const names = new Map(declared.map((variable) => [variable.id, variable.name]));
  const ids = [
    ...new Set([...declared.map((variable) => variable.id), ...Object.keys(before), ...Object.keys(after)]),
  ];
  const rows = ids.map((id) => {
    const [previous, next] = [formatValue(before[id]), formatValue(after[id])];
    return { id, name: names.get(id) ?? id, before: previous, after: next, isChanged: previous !== next };
  });
  return [...rows.filter((row) => row.isChanged), ...rows.filter((row) => !row.isChanged)];
}
