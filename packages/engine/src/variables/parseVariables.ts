import type { VariableValue } from "@parley/schemas";
import { getVariableValueByName, isLegacyListRendering, type VariableScope } from "./VariableScope";

const VARIABLE_PATTERN = /\{\{([^{}]+?)\}\}/g;

export interface ParseVariablesOptions {
  /** JSON context: values are escaped to stay valid inside a JSON string. */
  isJsonContext?: boolean;
}

/** Replaces every `{{Name}}` with the variable's value as text; unknown or unset variables become "". */
export const parseVariables = (
  text: string | undefined | null,
  scope: VariableScope,
  options: ParseVariablesOptions = {},
): string => {
  if (!text) return "";
  if (!text.includes("{{")) return text;
  return text.replace(VARIABLE_PATTERN, (_match, name: string) => {
    const value = formatVariableValue(
      getVariableValueByName(scope, name.trim()),
      isLegacyListRendering(scope),
    );
    return options.isJsonContext ? JSON.stringify(value).slice(1, -1) : value;
  });
};

/** A value as text: lists as JSON (or their last item for legacy documents), unset as "". */
export const formatVariableValue = (value: VariableValue | undefined, takeLastOfList = false): string => {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) {
    if (takeLastOfList) return value.at(-1) ?? "";
    return JSON.stringify(value);
  }
  return value;
};

/** When the whole text is one `{{Name}}` reference: the variable's name, else undefined. */
export const getSingleVariableReference = (text: string | undefined | null): string | undefined => {
  const match = text?.trim().match(/^\{\{([^{}]+?)\}\}$/);
  return match?.[1]?.trim();
};
