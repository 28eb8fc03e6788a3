/** Wire types of the blocks that ask the user something (the walk stops at them). */
export const INPUT_BLOCK_TYPES = [
  "text input",
  "number input",
  "email input",
  "url input",
  "date input",
  "time input",
  "phone number input",
  "choice input",
  "picture choice input",
  "rating input",
  "file input",
  "payment input",
  "cards",
] as const;

const inputBlockTypes: ReadonlySet<string> = new Set(INPUT_BLOCK_TYPES);

export const isInputBlockType = (type: string): boolean => inputBlockTypes.has(type);
