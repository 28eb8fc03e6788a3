import { z } from "zod";
import { textSchema } from "../text";

/**
 * Slate/Plate-style rich text as stored in text bubbles: elements (`p`, `a`, headings,
 * lists, inline variables, …) hold `children`; leaves hold `text` plus formatting marks.
 * Editors add their own attributes (ids, alignment), so unknown attributes on a node are
 * kept rather than dropped: losing them would alter what the author wrote.
 */
export type RichTextText = {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  [attribute: string]: unknown;
};
export type RichTextElement = {
  type?: string;
  url?: string;
  children: RichTextNode[];
  [attribute: string]: unknown;
};
export type RichTextNode = RichTextElement | RichTextText;

/** Deeper documents are rejected before parsing so a hostile body cannot exhaust the stack. */
export const maxRichTextDepth = 32;

export const richTextTextSchema: z.ZodType<RichTextText> = z
  .looseObject({
    text: textSchema,
    bold: z.boolean().optional(),
    italic: z.boolean().optional(),
    underline: z.boolean().optional(),
  })
  .meta({ id: "RichTextText", description: "A leaf: its text and formatting marks." });

export const richTextElementSchema: z.ZodType<RichTextElement> = z
  .looseObject({
    type: textSchema.optional(),
    url: textSchema.optional(),
    get children() {
      return z.array(richTextNodeSchema);
    },
  })
  .meta({
    id: "RichTextElement",
    description: "An element (`p`, `a`, headings, lists, inline variables, …) and its children.",
  });

export const richTextNodeSchema: z.ZodType<RichTextNode> = z
  .union([richTextElementSchema, richTextTextSchema])
  .meta({ id: "RichTextNode", description: "A node of rich text: an element or a text leaf." });

export const richTextSchema = z
  .array(z.unknown())
  .check((ctx) => {
    if (getRichTextDepth(ctx.value) > maxRichTextDepth)
      ctx.issues.push({
        code: "custom",
        message: `Rich text is nested deeper than ${maxRichTextDepth} levels`,
        input: ctx.value,
      });
  })
  .pipe(z.array(richTextNodeSchema))
  .meta({
    // The API document describes what is accepted as what is parsed: nodes (the depth check runs first).
    override: ({ jsonSchema, io }: { jsonSchema: { items?: unknown }; io?: "input" | "output" }) => {
      if (io === "input") jsonSchema.items = { $ref: "#/components/schemas/RichTextNode" };
    },
  });
export type RichText = RichTextNode[];

function getRichTextDepth(nodes: unknown[]): number {
  let deepest = 0;
  const stack: { nodes: unknown[]; depth: number }[] = [{ nodes, depth: 1 }];
  while (stack.length > 0) {
    const { nodes: level, depth } = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (deepest > maxRichTextDepth) return deepest;
    for (const node of level) {
      const children =
        typeof node === "object" && node !== null && "children" in node ? node.children : undefined;
      if (Array.isArray(children)) stack.push({ nodes: children, depth: depth + 1 });
    }
  }
  return deepest;
}

/** The plain text of rich text nodes, paragraphs separated by a line break. */
export function getRichTextPlainText(nodes: RichText): string {
  return nodes.map(getNodePlainText).join("\n");
}

function getNodePlainText(node: RichTextNode): string {
  if ("children" in node && Array.isArray(node.children)) return node.children.map(getNodePlainText).join("");
  return typeof node.text === "string" ? node.text : "";
}
