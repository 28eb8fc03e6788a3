import type { BotDocument, ResultsTablePreferences } from "../bot";
import { getInputVariableId, isInputBlock } from "../bot/blocks";

/** The flow as the results table reads it: groups of blocks, and the variables. */
export type ResultsFlow = Pick<BotDocument, "groups" | "variables">;

export interface ResultRow {
  answers: { blockId: string; content: string }[];
  variables: { name: string; value: string | (string | null)[] | null }[];
}

export type ResultColumn =
  | { kind: "answer"; id: string; header: string; blockId: string }
  | { kind: "variable"; id: string; header: string; name: string };

/**
 * The table's columns, in the order the CSV export uses: one per input block of the flow
 * (named after its variable, else its group), then one per other variable that has a value.
 */
export function getResultColumns(flow: ResultsFlow, results: ResultRow[]): ResultColumn[] {
  return getResultColumnsOf(flow, getValuedVariableNames(results));
}

/** The names of the variables that have a value in some result, in order of first appearance. */
function getValuedVariableNames(results: ResultRow[]): string[] {
  return [
    ...new Set(
      results.flatMap((result) => result.variables.filter((v) => v.value !== null).map((v) => v.name)),
    ),
  ];
}

/** The columns of a flow, given the names of the variables that have a value (in their order). */
export function getResultColumnsOf(flow: ResultsFlow, valuedVariableNames: string[]): ResultColumn[] {
  const variableNames = new Map(flow.variables.map((variable) => [variable.id, variable.name]));
  const used = new Set<string>(["Submitted at"]);
  const unique = (base: string) => {
    let header = base || "Answer";
    for (let n = 2; used.has(header); n++) header = `${base} (${n})`;
    used.add(header);
    return header;
  };
  const covered = new Set<string>();
  const answerColumns: ResultColumn[] = flow.groups.flatMap((group) =>
    group.blocks.filter(isInputBlock).map((block) => {
      const variableId = getInputVariableId(block);
      const name = variableId ? variableNames.get(variableId) : undefined;
      if (name) covered.add(name);
      return {
        kind: "answer" as const,
        id: `block:${block.id}`,
        header: unique(name || group.title),
        blockId: block.id,
      };
    }),
  );
  return [
    ...answerColumns,
    ...valuedVariableNames
      .filter((name) => !covered.has(name))
      .map((name) => ({
        kind: "variable" as const,
        id: `variable:${name}`,
        header: unique(name),
        name,
      })),
  ];
}

/**
 * The columns an author sees, per the bot's `resultsTablePreferences`: those named in
 * `columnsOrder` in that order, then the others in their own order; hidden ones
 * (`columnsVisibility[id] === false`) left out. The table and the CSV export both use it.
 */
export function applyColumnPreferences<Column extends { id: string }>(
  columns: Column[],
  preferences: ResultsTablePreferences | null | undefined,
): Column[] {
  if (!preferences) return columns;
  const rank = new Map(preferences.columnsOrder.map((id, index) => [id, index]));
  const ordered = columns
    .map((column, index) => ({ column, key: rank.get(column.id) ?? preferences.columnsOrder.length + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ column }) => column);
  return ordered.filter((column) => preferences.columnsVisibility[column.id] !== false);
}

/** What a cell shows for a result (the results table and the CSV export). */
export function getCellValue(column: ResultColumn, result: ResultRow): string {
  // An input answered more than once (inside a Loop) shows its last answer, in the table and the CSV.
  if (column.kind === "answer")
    return result.answers.findLast((answer) => answer.blockId === column.blockId)?.content ?? "";
  const value = result.variables.find((variable) => variable.name === column.name)?.value;
  return Array.isArray(value) ? value.filter((item) => item !== null).join(", ") : (value ?? "");
}
