/** Block types of the AI blocks (their settings get a model picker, per-action fields and a test). */
export const aiBlockTypes = new Set(["openai", "anthropic", "mistral", "openai-compatible"]);

const chatFields = [
  "model",
  "messages",
  "systemMessage",
  "dialogue",
  "temperature",
  "maxTokens",
  "responseMapping",
];

/** Top-level option keys each action uses; keys of no action (action, credentials) always show. */
const fieldsByAction: Record<string, string[]> = {
  "Create chat completion": chatFields,
  "Create Chat Message": chatFields,
  "Generate variables": ["model", "prompt", "variablesToExtract", "temperature", "maxTokens"],
  "Create speech": ["model", "input", "voice", "saveUrlInVariableId"],
  "Create transcription": ["model", "url", "transcriptionVariableId"],
  "Ask Assistant": ["assistantId", "threadVariableId", "message", "responseMapping"],
  "Ask Model": ["model", "message", "responseIdVariableId", "responseMapping"],
};

const actionFields = new Set(Object.values(fieldsByAction).flat());

/**
 * Whether a top-level option of an AI block shows for its current action. Function tools and the
 * legacy per-block base URL of OpenAI blocks are not used by this server, so they never show.
 */
export function isAiFieldVisible(blockType: string, key: string, options: Record<string, unknown>): boolean {
  if (key === "tools" || key === "apiVersion") return false;
  if (key === "baseUrl") return blockType === "openai-compatible";
  if (!actionFields.has(key)) return true;
  const defaultAction = blockType === "anthropic" ? "Create Chat Message" : "Create chat completion";
  const action = typeof options.action === "string" ? options.action : defaultAction;
  return fieldsByAction[action]?.includes(key) ?? false;
}
