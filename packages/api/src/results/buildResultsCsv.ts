import type { Result } from "@parley/schemas/management/results";
import type { FlowDocument } from "./flowDocument";
import { isInputBlock } from "./flowDocument";

/** Cells starting like a formula are prefixed so spreadsheets show them as text. */
function toCsvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Results as CSV: "Submitted at", one column per input block of the flow (in
 * flow order, named after the variable it saves to or its group), then one per
 * other variable that has a value.
 */
export function buildResultsCsv(flow: FlowDocument, results: Result[]): string {
  const variableNames = new Map(flow.variables.map((variable) => [variable.id, variable.name]));
  const usedHeaders = new Set<string>(["Submitted at"]);
  const uniqueHeader = (base: string) => {
    let header = base || "Answer";
    for (let n = 2; usedHeaders.has(header); n++) header = `${base} (${n})`;
    usedHeaders.add(header);
    return header;
  };
  const blockColumns = flow.groups.flatMap((group) =>
    group.blocks.filter(isInputBlock).map((block) => ({
      blockId: block.id,
      variableName: block.variableId ? variableNames.get(block.variableId) : undefined,
      header: uniqueHeader((block.variableId && variableNames.get(block.variableId)) || group.title),
    })),
  );
  const coveredVariables = new Set(blockColumns.map((column) => column.variableName).filter(Boolean));
  const variableColumns = [
    ...new Set(
      results.flatMap((result) =>
        result.variables
          .filter((variable) => variable.value !== null && !coveredVariables.has(variable.name))
          .map((variable) => variable.name),
      ),
    ),
  ].map((name) => ({ name, header: uniqueHeader(name) }));
  const lines = [
    ["Submitted at", ...blockColumns.map((c) => c.header), ...variableColumns.map((c) => c.header)],
  ];
  for (const result of results) {
    const answers = new Map(result.answers.map((answer) => [answer.blockId, answer.content]));
    const variables = new Map(result.variables.map((variable) => [variable.name, variable.value]));
    const formatValue = (value: Result["variables"][number]["value"] | undefined) =>
      Array.isArray(value) ? value.filter((item) => item !== null).join(", ") : (value ?? "");
    lines.push([
      result.createdAt,
      ...blockColumns.map((column) => answers.get(column.blockId) ?? ""),
      ...variableColumns.map((column) => formatValue(variables.get(column.name))),
    ]);
  }
  return `${lines.map((line) => line.map(toCsvCell).join(",")).join("\r\n")}\r\n`;
}
