import { defaultSettings, defaultTheme } from "@parley/schemas";
import type { EditorDocument } from "../store/editorDocument";

/** A small flow: start → g1 [text, choice(a → g2, b)], g2 [email input → g3], g3 [condition]. */
export function createTestDocument(): EditorDocument {
  return {
    tests: [],
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e0" }],
    groups: [
      {
        id: "g1",
        title: "Group #1",
        graphCoordinates: { x: 100, y: 0 },
        blocks: [
          {
            id: "b1",
            type: "text",
            content: { richText: [{ type: "p", children: [{ text: "Hi {{Name}}" }] }] },
          },
          {
            id: "b2",
            type: "choice input",
            items: [
              { id: "i1", content: "A", outgoingEdgeId: "e1" },
              { id: "i2", content: "B" },
            ],
            options: { variableId: "v1" },
          },
        ],
      },
      {
        id: "g2",
        title: "Group #2",
        graphCoordinates: { x: 500, y: 0 },
        blocks: [{ id: "b3", type: "email input", options: { variableId: "v2" }, outgoingEdgeId: "e2" }],
      },
      {
        id: "g3",
        title: "Group #3",
        graphCoordinates: { x: 900, y: 0 },
        blocks: [
          {
            id: "b4",
            type: "Condition",
            items: [
              { id: "i3", content: { comparisons: [{ id: "c1", variableId: "v1", value: "{{Email}}" }] } },
            ],
          },
        ],
      },
    ],
    edges: [
      { id: "e0", from: { eventId: "start" }, to: { groupId: "g1" } },
      { id: "e1", from: { blockId: "b2", itemId: "i1" }, to: { groupId: "g2" } },
      { id: "e2", from: { blockId: "b3" }, to: { groupId: "g3", blockId: "b4" } },
    ],
    variables: [
      { id: "v1", name: "Name" },
      { id: "v2", name: "Email", isSessionVariable: true },
    ],
    theme: defaultTheme,
    settings: defaultSettings,
  };
}

/** Deterministic ids for tests: new-1, new-2, … */
export function createCounterId() {
  let next = 0;
  return () => `new-${++next}`;
}
