import { describe, expect, it } from "vitest";
import { createFlow, getInputItems, getMessageTexts, startTestChat, textBlock } from "../../testing";

const flow = (options: Record<string, unknown>) =>
  createFlow({
    variables: [
      { id: "v-pick", name: "Pick" },
      { id: "v-srcs", name: "Srcs", value: ["https://p.test/1.png", "https://p.test/2.png"] },
      { id: "v-titles", name: "Titles", value: ["Cat", "Dog"] },
    ],
    groups: [
      {
        id: "g",
        title: "Pick",
        blocks: [
          {
            id: "q",
            type: "picture choice input",
            options: { variableId: "v-pick", ...options },
            items: [
              { id: "p1", pictureSrc: "https://p.test/a.png", title: "Beach", value: "beach" },
              { id: "p2", pictureSrc: "https://p.test/b.png", title: "Mountain", outgoingEdgeId: "e2" },
            ],
          },
          textBlock("t", "Picked {{Pick}}"),
        ],
      },
      { id: "g2", title: "Mountain", blocks: [textBlock("t2", "Up high")] },
    ],
    edges: [{ id: "e2", from: { blockId: "q", itemId: "p2" }, to: { groupId: "g2" } }],
  });

describe("picture choice input", () => {
  it("matches titles, stores values, follows item edges", async () => {
    const chat = await startTestChat(flow({}));
    expect(getMessageTexts(await chat.send("beach"))).toEqual(["Picked beach"]);
    const other = await startTestChat(flow({}));
    expect(getMessageTexts(await other.send("Mountain"))).toEqual(["Up high"]);
  });

  it("builds pictures from list variables when dynamic", async () => {
    const chat = await startTestChat(
      flow({
        dynamicItems: { isEnabled: true, pictureSrcsVariableId: "v-srcs", titlesVariableId: "v-titles" },
      }),
    );
    expect(getInputItems(chat.outcome.response.input)).toEqual([
      { id: "choice0", pictureSrc: "https://p.test/1.png", title: "Cat" },
      { id: "choice1", pictureSrc: "https://p.test/2.png", title: "Dog" },
    ]);
    expect(getMessageTexts(await chat.send("Dog"))).toEqual(["Picked Dog"]);
  });

  it("multiple choice joins values", async () => {
    const chat = await startTestChat(flow({ isMultipleChoice: true }));
    expect(getMessageTexts(await chat.send("Mountain, Beach"))).toEqual(["Picked beach, Mountain"]);
  });
});
