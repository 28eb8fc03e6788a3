const indent = "  ";

/** Inserts an indent at the caret, or before every selected line. */
export function indentSelection(value: string, start: number, end: number) {
  if (start === end)
    return { value: value.slice(0, start) + indent + value.slice(end), start: start + 2, end: start + 2 };
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  const selected = value.slice(lineStart, end);
  const indented = selected.replace(/^/gm, indent);
  return {
    value: value.slice(0, lineStart) + indented + value.slice(end),
    start: start + indent.length,
    end: end + (indented.length - selected.length),
  };
}

/** Removes one indent from every line the selection touches. */
export function outdent(value: string, start: number, end: number) {
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  const selected = value.slice(lineStart, end);
  const outdented = selected.replace(/^ {1,2}/gm, "");
  const firstLineRemoved = selected.length - selected.replace(/^ {1,2}/, "").length;
  return {
    value: value.slice(0, lineStart) + outdented + value.slice(end),
    start: Math.max(lineStart, start - firstLineRemoved),
    end: end - (selected.length - outdented.length),
  };
}
