import { type BubbleBlock, getBlockDefinition, getRichTextPlainText, textBubbleBlock } from "@parley/schemas";

/** A stored variable as the transcript reads it: a value, a list, or unknown (null). */
export interface TranscriptVariable {
  name: string;
  value: string | (string | null)[] | null;
}

/** `{{Name}}` replaced by the stored value where one is known; unknown variables stay as written. */
export function substituteVariables(text: string, variables: TranscriptVariable[]): string {
  const values = new Map<string, string>();
  for (const variable of variables) {
    if (variable.value === null) continue;
    const value = Array.isArray(variable.value)
      ? variable.value.filter((item) => item !== null).join(", ")
      : variable.value;
    values.set(variable.name, value);
  }
  return text.replace(/\{\{([^{}]+)\}\}/g, (written, name: string) => values.get(name.trim()) ?? written);
}

/**
 * What a bot bubble shows, as one readable line: a text bubble's text; an image, video, audio or
 * embed as its kind's label and URL ("Image: https://…"). Empty for a bubble without content.
 */
export function describeBubble(block: BubbleBlock, variables: TranscriptVariable[]): string {
  if (block.type === textBubbleBlock.type) {
    const richText = block.content?.richText ?? [];
    const text = richText.length > 0 ? getRichTextPlainText(richText) : (block.content?.plainText ?? "");
    return substituteVariables(text, variables);
  }
  const url = substituteVariables(block.content?.url ?? "", variables).trim();
  return url ? `${getBlockDefinition(block.type)?.catalogue.label}: ${url}` : "";
}
