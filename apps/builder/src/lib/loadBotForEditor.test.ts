import { createId, getPrisma } from "@parley/db";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { defaultTheme } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { loadBotForEditor } from "./loadBotForEditor";

describe("loadBotForEditor", () => {
  it("hands the editor a draft stored at an older schema version converted to the latest", async () => {
    const owner = await createTestUser();
    const botId = createId();
    // Schema version 5: a start block in a "Start" group, no start event.
    await getPrisma().bot.create({
      data: {
        id: botId,
        name: "Old",
        workspaceId: owner.workspaceId,
        version: "5",
        events: [],
        groups: [
          {
            id: "start-group",
            title: "Start",
            graphCoordinates: { x: 10, y: 20 },
            blocks: [{ id: "start-block", type: "start", groupId: "start-group", label: "Start" }],
          },
          {
            id: "g1",
            title: "Welcome",
            graphCoordinates: { x: 0, y: 200 },
            blocks: [{ id: "b1", type: "text input", groupId: "g1", options: { variableId: "v" } }],
          },
        ],
        edges: [{ id: "e0", from: { blockId: "start-block" }, to: { groupId: "g1" } }],
        variables: [{ id: "v", name: "Answer" }],
        theme: {},
        settings: {},
      },
    });
    const loaded = await loadBotForEditor(owner.user.id, botId);
    expect(loaded?.document.events).toEqual([
      { id: "start-group", type: "start", graphCoordinates: { x: 10, y: 20 } },
    ]);
    expect(loaded?.document.groups.map((group) => group.id)).toEqual(["g1"]);
    expect(loaded?.document.edges).toEqual([
      { id: "e0", from: { eventId: "start-group" }, to: { groupId: "g1" } },
    ]);
    expect(loaded?.document.theme.general?.font).toEqual(defaultTheme.general.font);
  });
});
