/** Blocks whose items are drawn as rows, each with its own exit. */
const itemRowTypes = new Set(["choice input", "picture choice input", "Condition", "AB test", "cards"]);

export function hasItemRows(block: { type: string }): boolean {
  return itemRowTypes.has(block.type);
}

/** Blocks that have a default exit besides their items (Condition's "Else", multiple choice). */
export function hasDefaultExit(block: { type: string; options?: Record<string, unknown> }): boolean {
  if (block.type === "AB test" || block.type === "cards") return false;
  if (block.type === "choice input" || block.type === "picture choice input")
    return block.options?.isMultipleChoice === true;
  return block.type !== "Return" && block.type !== "Jump";
}
