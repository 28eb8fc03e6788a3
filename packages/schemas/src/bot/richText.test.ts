import { describe, expect, it } from "vitest";
import { getRichTextPlainText, maxRichTextDepth, richTextSchema } from "./richText";

describe("richTextSchema", () => {
  it("keeps nested elements, marks and editor attributes", () => {
    const richText = [
      { type: "p", align: "center", children: [{ text: "Hi " }, { text: "you", bold: true, italic: true }] },
      {
        type: "ul",
        children: [
          { type: "li", children: [{ type: "a", url: "https://a.test", children: [{ text: "link" }] }] },
        ],
      },
    ];
    expect(richTextSchema.parse(richText)).toEqual(richText);
    expect(getRichTextPlainText(richText)).toBe("Hi you\nlink");
  });

  it("rejects nodes that are neither elements nor text", () => {
    expect(richTextSchema.safeParse([{ type: "p" }]).success).toBe(false);
    expect(richTextSchema.safeParse([{ type: "p", children: [{ text: 3 }] }]).success).toBe(false);
  });

  it("rejects nesting deeper than the limit without exhausting the stack", () => {
    let node: unknown = { text: "deep" };
    for (let depth = 0; depth < 100_000; depth++) node = { type: "p", children: [node] };
    const result = richTextSchema.safeParse([node]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(`${maxRichTextDepth} levels`);
  });
});
