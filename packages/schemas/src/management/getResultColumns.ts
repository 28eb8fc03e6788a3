import type { BotDocument } from "../bot";
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
  const variableNames = new Map(flow.variables.map((variable) => [variable.id, variable.name]));
  const used = new Set<string>(["Submitted at"]);
  const unique = (base: string) => {
    let header = base || "Answer";
    for (let n = 2; used.has(header); n++) header = `${base} (${n})`;
    used.add(header);
    return header;
  };
  const answerColumns: ResultColumn[] = flow.groups.flatMap((group) =>
    group.blocks.filter(isInputBlock).map((block) => {
      const variableId = getInputVariableId(block);
      const name = variableId ? variableNames.get(variableId) : undefined;
      return {
        kind: "answer" as const,
        id: `block:${block.id}`,
        header: unique(name || group.title),
        blockId: block.id,
      };
    }),
  );
  const covered = new Set(
    flow.groups.flatMap((group) =>
      group.blocks.filter(isInputBlock).flatMap((block) => {
        const variableId = getInputVariableId(block);
        const name = variableId ? variableNames.get(variableId) : undefined;
        return name ? [name] : [];
      }),
    ),
  );
  const variableNamesWithValue = [
    ...new Set(
      results.flatMap((result) =>
        result.variables.filter((v) => v.value !== null && !covered.has(v.name)).map((v) => v.name),
      ),
    ),
  ];
  return [
    ...answerColumns,
    ...variableNamesWithValue.map((name) => ({
      kind: "variable" as const,
      id: `variable:${name}`,
      header: unique(name),
      name,
    })),
  ];
}

/** What a cell shows for a result (the results table and the CSV export). */
export function getCellValue(column: ResultColumn, result: ResultRow): string {
  // An input answered more than once (inside a Loop) shows its last answer, in the table and the CSV.
  if (column.kind === "answer")
    return result.answers.findLast((answer) => answer.blockId === column.blockId)?.content ?? "";
  const value = result.variables.find((variable) => variable.name === column.name)?.value;
  return Array.isArray(value) ? value.filter((item) => item !== null).join(", ") : (value ?? "");
}
