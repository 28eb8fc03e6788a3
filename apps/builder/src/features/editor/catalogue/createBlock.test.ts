import { blockDefinitions, blockSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { createCounterId } from "../testing/createTestDocument";
import { createBlock } from "./createBlock";

describe("createBlock", () => {
  it.each(blockDefinitions.map((definition) => [definition.type]))(
    "a new %s block is a valid block",
    (type) => {
      const block = createBlock(type, createCounterId());
      expect(block).toMatchObject({ id: "new-1", type });
      expect(blockSchema.safeParse(block).success).toBe(true);
    },
  );

  it("starts kinds with items with the item their definition creates", () => {
    expect(createBlock("choice input", createCounterId())).toEqual({
      id: "new-1",
      type: "choice input",
      items: [{ id: "new-2" }],
    });
    expect(createBlock("cards", createCounterId())).toEqual({
      id: "new-1",
      type: "cards",
      items: [{ id: "new-2", paths: [{ id: "new-3", text: "Select" }] }],
    });
    expect(createBlock("Condition", createCounterId())).toEqual({
      id: "new-1",
      type: "Condition",
      items: [{ id: "new-2", content: { logicalOperator: "AND", comparisons: [] } }],
    });
  });

  it("gives an AB test its two paths at 50 % and a text bubble an empty paragraph", () => {
    expect(createBlock("AB test", createCounterId())).toEqual({
      id: "new-1",
      type: "AB test",
      items: [
        { id: "new-2", path: "a" },
        { id: "new-3", path: "b" },
      ],
      options: { aPercent: 50 },
    });
    expect(createBlock("text", createCounterId())).toEqual({
      id: "new-1",
      type: "text",
      content: { richText: [{ type: "p", children: [{ text: "" }] }] },
    });
  });

  it("drops other kinds with nothing but their id and type", () => {
    expect(createBlock("Wait", createCounterId())).toEqual({ id: "new-1", type: "Wait" });
  });
});
