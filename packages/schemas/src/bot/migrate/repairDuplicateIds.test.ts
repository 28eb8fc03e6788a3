import { describe, expect, it } from "vitest";
import { checkBotIntegrity } from "../integrity";
import typebotV61 from "./fixtures/typebot-v6.1.json" with { type: "json" };
import { importBot } from "./importBot";

function importOrFail(json: unknown) {
  const result = importBot(json);
  if (!result.success) throw new Error(JSON.stringify(result.issues, null, 2));
  return result;
}

const text = (id: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: id }] }] },
});

describe("importBot repairs ids used twice", () => {
  it("gives each second use a new id, re-points what the flow says it meant, one warning each", () => {
    const exported = {
      version: "6",
      name: "Pasted twice",
      events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
      groups: [
        {
          id: "g1",
          title: "Ask",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            {
              id: "choice",
              type: "choice input",
              items: [
                { id: "yes", content: "Yes", outgoingEdgeId: "e-yes" },
                { id: "no", content: "No" },
              ],
            },
          ],
        },
        {
          id: "g2",
          title: "Pasted",
          graphCoordinates: { x: 300, y: 0 },
          // Typebot's paste kept the items' ids and the edge id of the copied block.
          blocks: [
            {
              id: "choice-copy",
              type: "choice input",
              items: [
                { id: "yes", content: "Yes", outgoingEdgeId: "e-yes" },
                { id: "no", content: "No" },
              ],
            },
          ],
        },
        { id: "g3", title: "End", graphCoordinates: { x: 600, y: 0 }, blocks: [text("bye"), text("bye")] },
        { id: "g3", title: "Again", graphCoordinates: { x: 600, y: 300 }, blocks: [text("again")] },
      ],
      edges: [
        { id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } },
        { id: "e-yes", from: { blockId: "choice", itemId: "yes" }, to: { groupId: "g2" } },
        {
          id: "e-yes",
          from: { blockId: "choice-copy", itemId: "yes" },
          to: { groupId: "g3", blockId: "again" },
        },
      ],
      variables: [
        { id: "v", name: "Name" },
        { id: "v", name: "Email" },
      ],
    };
    const { bot, warnings } = importOrFail(exported);
    expect(warnings).toEqual([
      {
        message: 'The edge id "e-yes" was used twice; the second one is now "e-yes-2"',
        path: ["edges", 2, "id"],
      },
      {
        message: 'The group id "g3" was used twice; the second one is now "g3-2"',
        path: ["groups", 3, "id"],
      },
      {
        message: 'The block id "bye" was used twice; the second one is now "bye-2"',
        path: ["groups", 2, "blocks", 1, "id"],
      },
      {
        message: 'The item id "yes" was used twice; the second one is now "yes-2"',
        path: ["groups", 1, "blocks", 0, "items", 0, "id"],
      },
      {
        message: 'The item id "no" was used twice; the second one is now "no-2"',
        path: ["groups", 1, "blocks", 0, "items", 1, "id"],
      },
      {
        message: 'The variable id "v" was used twice; the second one is now "v-2"',
        path: ["variables", 1, "id"],
      },
    ]);
    expect(checkBotIntegrity(bot)).toEqual([]);
    expect(bot.groups[1]!.blocks[0]).toMatchObject({
      items: [{ id: "yes-2", outgoingEdgeId: "e-yes-2" }, { id: "no-2" }],
    });
    expect(bot.edges).toEqual([
      { id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } },
      { id: "e-yes", from: { blockId: "choice", itemId: "yes" }, to: { groupId: "g2" } },
      {
        id: "e-yes-2",
        from: { blockId: "choice-copy", itemId: "yes-2" },
        to: { groupId: "g3-2", blockId: "again" },
      },
    ]);
    expect(bot.variables).toEqual([
      { id: "v", name: "Name" },
      { id: "v-2", name: "Email" },
    ]);
  });

  it("renames the later of two blocks sharing an id (one pasted into another group)", () => {
    const exported = structuredClone(typebotV61);
    // The Team group's set-variable block pasted, id and all, at the end of the Basic group.
    const pasted = structuredClone(exported.groups[2]!.blocks[2]!);
    exported.groups[1]!.blocks.push(pasted as never);
    const { bot, warnings } = importOrFail(exported);
    // Document order decides which use is the second: the Team group comes after Basic.
    expect(warnings).toEqual([
      {
        message: 'The block id "blk-calc" was used twice; the second one is now "blk-calc-2"',
        path: ["groups", 2, "blocks", 2, "id"],
      },
    ]);
    expect(bot.groups[1]!.blocks.at(-1)!.id).toBe("blk-calc");
    expect(bot.groups[2]!.blocks[2]!.id).toBe("blk-calc-2");
    expect(checkBotIntegrity(bot)).toEqual([]);
  });
});
