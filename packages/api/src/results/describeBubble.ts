import type { FlowBlock } from "./flowDocument";
import { getBubblePlainText } from "./flowDocument";

/** A stored variable as the transcript reads it: a value, a list, or unknown (null). */
export interface TranscriptVariable {
  name: string;
  value: string | (string | null)[] | null;
}

const mediaLabels: Record<string, string> = {
  image: "Image",
  video: "Video",
  audio: "Audio",
  embed: "Embed",
};

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
 * embed as its kind and URL ("Image: https://…"). Empty for other blocks and bubbles without content.
 */
export function describeBubble(block: FlowBlock, variables: TranscriptVariable[]): string {
  const label = mediaLabels[block.type];
  if (label) {
    const content = block.content as { url?: unknown } | null | undefined;
    const url = typeof content?.url === "string" ? substituteVariables(content.url, variables).trim() : "";
    return url ? `${label}: ${url}` : "";
  }
  return substituteVariables(getBubblePlainText(block), variables);
}

/** Blocks the engine shows as bubbles. */
export function isBubbleBlock(block: FlowBlock): boolean {
  return block.type === "text" || block.type in mediaLabels;
}
