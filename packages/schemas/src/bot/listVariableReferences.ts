import type { BotDocument } from "./bot";

export type VariableReference = { variableId: string; path: (string | number)[] };

/** Option keys that hold a variable id: `variableId` and every `…VariableId`. */
export function isVariableReferenceKey(key: string): boolean {
  return key === "variableId" || key.endsWith("VariableId");
}

/**
 * Every variable id the flow refers to (inputs, set variable, conditions, mappings, AI
 * messages, events…), with its JSON path in the document. Empty ids mean "none chosen".
 */
export function listVariableReferences(
  document: Pick<BotDocument, "groups" | "events">,
): VariableReference[] {
  const references: VariableReference[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [];
  document.groups.forEach((group, groupIndex) => {
    group.blocks.forEach((block, blockIndex) => {
      stack.push({ value: block, path: ["groups", groupIndex, "blocks", blockIndex] });
    });
  });
  document.events.forEach((event, eventIndex) => {
    stack.push({ value: event, path: ["events", eventIndex] });
  });
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (Array.isArray(value)) {
      value.forEach((element, index) => {
        if (typeof element === "object" && element !== null)
          stack.push({ value: element, path: [...path, index] });
      });
      continue;
    }
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (isVariableReferenceKey(key) && typeof child === "string") {
        if (child !== "") references.push({ variableId: child, path: [...path, key] });
      } else if (typeof child === "object" && child !== null)
        stack.push({ value: child, path: [...path, key] });
    }
  }
  return references.sort((a, b) => comparePaths(a.path, b.path));
}

function comparePaths(a: (string | number)[], b: (string | number)[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const [left, right] = [a[index]!, b[index]!];
    if (left === right) continue;
    if (typeof left === "number" && typeof right === "number") return left - right;
    return String(left) < String(right) ? -1 : 1;
  }
  return a.length - b.length;
}
