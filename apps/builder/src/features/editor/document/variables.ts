import { dropEntries, rewriteStrings, visitStrings } from "./deepStrings";
import type { DocBlock, DocVariable, FlowDocument } from "./types";

/** Keys that hold a variable id (`variableId`, `saveVariableId`, `dynamicVariableId`, …). */
export function isVariableIdKey(key: string): boolean {
  return /variableid$/i.test(key);
}

export function createVariable<D extends FlowDocument>(doc: D, variable: DocVariable): D {
  return { ...doc, variables: [...doc.variables, variable] };
}

export function updateVariable<D extends FlowDocument>(
  doc: D,
  variableId: string,
  changes: Partial<Omit<DocVariable, "id" | "name">>,
): D {
  return {
    ...doc,
    variables: doc.variables.map((variable) => {
      if (variable.id !== variableId) return variable;
      const next: DocVariable = { ...variable, ...changes };
      for (const [key, value] of Object.entries(changes))
        if (value === undefined) delete next[key as keyof DocVariable];
      return next;
    }),
  };
}

/** Why a name cannot be used for a variable. */
export type VariableNameProblem = "missing" | "braces" | "taken";

/** Why a name cannot be used for a variable, or null when it can (the panels say it in the interface language). */
export function validateVariableName(
  doc: FlowDocument,
  name: string,
  exceptId?: string,
): VariableNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === "") return "missing";
  if (/[{}]/.test(trimmed)) return "braces";
  if (doc.variables.some((variable) => variable.id !== exceptId && variable.name === trimmed)) return "taken";
  return null;
}

/**
 * Renames a variable. References by id stay valid by themselves; references by name
 * (`{{Old}}` in texts, URLs, bodies, code, theme and settings) are rewritten to the new name.
 */
export function renameVariable<D extends FlowDocument>(doc: D, variableId: string, name: string): D {
  const variable = doc.variables.find((candidate) => candidate.id === variableId);
  const nextName = name.trim();
  if (!variable || variable.name === nextName) return doc;
  const oldToken = `{{${variable.name}}}`;
  const newToken = `{{${nextName}}}`;
  const rewrite = (text: string) => (text.includes(oldToken) ? text.split(oldToken).join(newToken) : text);
  const next: Record<string, unknown> = { ...(doc as object) };
  for (const [key, value] of Object.entries(doc)) {
    if (key === "variables" || key === "edges") continue;
    next[key] = rewriteStrings(value, rewrite);
  }
  next.variables = doc.variables.map((candidate) =>
    candidate.id === variableId ? { ...candidate, name: nextName } : candidate,
  );
  return next as D;
}

export interface VariableUsage {
  groupId: string;
  groupTitle: string;
  blockId: string;
  blockType: string;
  /** `reference`: the block stores the variable's id; `text`: it writes `{{Name}}`. */
  kind: "reference" | "text";
}

/** Every block that uses a variable, by id or by `{{Name}}`, in canvas order. */
export function findVariableUsages(doc: FlowDocument<DocBlock>, variableId: string): VariableUsage[] {
  const variable = doc.variables.find((candidate) => candidate.id === variableId);
  if (!variable) return [];
  const token = `{{${variable.name}}}`;
  const usages: VariableUsage[] = [];
  for (const group of doc.groups) {
    for (const block of group.blocks) {
      let kind: VariableUsage["kind"] | null = null;
      visitStrings(block, (text, key) => {
        if (isVariableIdKey(key) && text === variableId) kind = "reference";
        else if (!kind && text.includes(token)) kind = "text";
      });
      if (kind)
        usages.push({
          groupId: group.id,
          groupTitle: group.title,
          blockId: block.id,
          blockType: block.type,
          kind,
        });
    }
  }
  return usages;
}

/** Deletes a variable and clears the options that pointed at it (texts keep their `{{Name}}`). */
export function deleteVariable<D extends FlowDocument>(doc: D, variableId: string): D {
  if (!doc.variables.some((variable) => variable.id === variableId)) return doc;
  const drop = (key: string, entry: unknown) => isVariableIdKey(key) && entry === variableId;
  const next: Record<string, unknown> = { ...(doc as object) };
  for (const [key, value] of Object.entries(doc)) {
    if (key === "variables" || key === "edges") continue;
    next[key] = dropEntries(value, drop);
  }
  next.variables = doc.variables.filter((variable) => variable.id !== variableId);
  return next as D;
}
