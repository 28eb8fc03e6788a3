import type { VariableValue } from "@parley/schemas";
import { formatVariableValue } from "../../variables/parseVariables";
import {
  getVariableValueByName,
  isLegacyListRendering,
  type VariableScope,
} from "../../variables/VariableScope";

/**
 * Variables in a JSON body, placed so the JSON stays valid: inside a string a value is escaped;
 * `"{{Name}}"` alone in quotes becomes a JSON string; a bare `{{Name}}` becomes the value as JSON
 * (lists as arrays, numbers and booleans as such, other text quoted, unset as null).
 */
export const substituteJsonBody = (body: string, scope: VariableScope): string => {
  let output = "";
  let isInString = false;
  let position = 0;
  while (position < body.length) {
    const char = body.charAt(position);
    if (char === "{" && body[position + 1] === "{") {
      const end = body.indexOf("}}", position + 2);
      const name = end > 0 ? body.slice(position + 2, end) : "";
      if (end > 0 && !name.includes("{") && !name.includes("}")) {
        const value = getVariableValueByName(scope, name.trim());
        output += isInString ? escapeInString(value, scope) : toJsonLiteral(value);
        position = end + 2;
        continue;
      }
    }
    if (char === "\\" && isInString) {
      output += body.slice(position, position + 2);
      position += 2;
      continue;
    }
    if (char === '"') isInString = !isInString;
    output += char;
    position += 1;
  }
  return output;
};

const escapeInString = (value: VariableValue, scope: VariableScope): string =>
  JSON.stringify(formatVariableValue(value, isLegacyListRendering(scope))).slice(1, -1);

const toJsonLiteral = (value: VariableValue): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return JSON.stringify(value);
  try {
    JSON.parse(value);
    return value;
  } catch {
    return JSON.stringify(value);
  }
};
