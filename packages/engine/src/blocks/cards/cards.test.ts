import { describe, expect, it } from "vitest";
import { createFlow, getInputItems, getMessageTexts, startTestChat, textBlock } from "../../testing";

const cardsFlow = (items: Record<string, unknown>[]) =>
  createFlow({
    variables: [
      { id: "chosen", name: "Chosen" },
      { id: "button", name: "Button" },
      { id: "internal", name: "Internal" },
      { id: "titles", name: "Titles", value: ["Red shoe", "Blue shoe"] },
      { id: "images", name: "Images", value: ["https://i.test/r.png", "https://i.test/b.png"] },
    ],
    groups: [
      {
        id: "g",
        title: "Shop",
        blocks: [
          {
            id: "cards",
            type: "cards",
            options: {
              variableId: "chosen",
              saveResponseMapping: [
                { id: "m1", field: "Button", variableId: "button" },
                { id: "m2", field: "Internal Value", variableId: "internal" },
              ],
            },
            items,
          },
          textBlock("t", "{{Chosen}} / {{Button}} / {{Internal}}"),
        ],
      },
      { id: "g-buy", title: "Buy", blocks: [textBlock("b", "Buying {{Chosen}}")] },
    ],
    edges: [
      { id: "e-buy", from: { blockId: "cards", itemId: "c1", pathId: "p-buy" }, to: { groupId: "g-buy" } },
    ],
  });

const card = {
  id: "c1",
  title: "Shoe",
  imageUrl: "https://i.test/s.png",
  options: { internalValue: "SKU-1" },
  paths: [
    { id: "p-buy", text: "Buy", outgoingEdgeId: "e-buy" },
    { id: "p-info", text: "Info" },
  ],
};

describe("cards input", () => {
  it("follows the clicked path's edge and maps fields", async () => {
    const chat = await startTestChat(cardsFlow([card]));
    const next = await chat.send({ type: "text", text: "Buy", metadata: { replyId: "p-buy" } });
    expect(getMessageTexts(next)).toEqual(["Buying Shoe"]);
    expect(next.result.variables).toContainEqual({ id: "internal", name: "Internal", value: "SKU-1" });
  });

  it("takes a path without edge through the rest of the group; a title picks the first path", async () => {
    const chat = await startTestChat(cardsFlow([card]));
    expect(getMessageTexts(await chat.send("p-info"))).toEqual(["Shoe / Info / SKU-1"]);
    const byTitle = await startTestChat(cardsFlow([card]));
    expect(getMessageTexts(await byTitle.send("shoe"))).toEqual(["Buying Shoe"]);
    const unknown = await startTestChat(cardsFlow([card]));
    expect((await unknown.send("hat")).response.input?.id).toBe("cards");
  });

  it("takes the button of a card without paths, which replies with the card's id", async () => {
    const chat = await startTestChat(cardsFlow([{ id: "c-plain", imageUrl: "https://i.test/p.png" }]));
    const next = await chat.send({ type: "text", text: "Select", metadata: { replyId: "c-plain" } });
    expect(getMessageTexts(next)).toEqual(["https://i.test/p.png /  / "]);
  });

  it("expands one card whose fields are list variables", async () => {
    const chat = await startTestChat(
      cardsFlow([
        { id: "c1", title: "{{Titles}}", imageUrl: "{{Images}}", paths: [{ id: "p-pick", text: "Pick" }] },
      ]),
    );
    expect(getInputItems(chat.outcome.response.input)).toEqual([
      {
        id: "c1-0",
        title: "Red shoe",
        imageUrl: "https://i.test/r.png",
        paths: [{ id: "p-pick-0", text: "Pick" }],
      },
      {
        id: "c1-1",
        title: "Blue shoe",
        imageUrl: "https://i.test/b.png",
        paths: [{ id: "p-pick-1", text: "Pick" }],
      },
    ]);
    expect(
      getMessageTexts(await chat.send({ type: "text", text: "Pick", metadata: { replyId: "p-pick-1" } })),
    ).toEqual(["Blue shoe / Pick / "]);
  });
});
