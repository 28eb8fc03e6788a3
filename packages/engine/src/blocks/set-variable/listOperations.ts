import type { VariableValue } from "@parley/schemas";

/** `Append value(s)`: unset → [item], text → [text, item], list → list + item (or + items). */
export const appendValue = (current: VariableValue, item: VariableValue): VariableValue => {
  const items = Array.isArray(item) ? item : [item];
  if (current === null || current === "") return items;
  return [...(Array.isArray(current) ? current : [current]), ...items];
};

/** `Pop` / `Shift`: the list without its last / first element, and that element. Text is a one-element list. */
export const removeListItem = (
  current: VariableValue,
  end: "last" | "first",
): { list: (string | null)[]; removed: string | null | undefined } => {
  const list = current === null ? [] : Array.isArray(current) ? [...current] : [current];
  const removed = end === "last" ? list.pop() : list.shift();
  return { list, removed };
};

/** `Map item with same index`: the element of `targetList` at the position of `baseItem` in `baseList`. */
export const mapItemWithSameIndex = (
  baseItem: VariableValue,
  baseList: VariableValue,
  targetList: VariableValue,
): VariableValue => {
  if (!Array.isArray(baseList) || Array.isArray(baseItem) || baseItem === null) return null;
  const position = baseList.indexOf(baseItem);
  if (position < 0) return null;
  if (!Array.isArray(targetList)) return position === 0 ? targetList : null;
  return targetList[position] ?? null;
};
