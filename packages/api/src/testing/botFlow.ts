/** A valid 6.1 flow: start -> name input -> choice with an edge per item; a condition on one branch. */
export function createValidFlow() {
  return {
    events: [{ id: "ev1", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e0" }],
    variables: [{ id: "vname", name: "Name" }],
    groups: [
      {
        id: "g1",
        title: "Welcome",
        graphCoordinates: { x: 200, y: 0 },
        blocks: [
          {
            id: "b1",
            type: "text",
            content: { richText: [{ type: "p", children: [{ text: "Hi {{Name}}" }] }] },
          },
          { id: "b2", type: "text input", options: { variableId: "vname" } },
          {
            id: "b3",
            type: "choice input",
            items: [
              { id: "i1", content: "Yes", outgoingEdgeId: "e1" },
              { id: "i2", content: "No", outgoingEdgeId: "e2" },
            ],
          },
        ],
      },
      {
        id: "g2",
        title: "Yes",
        graphCoordinates: { x: 500, y: 0 },
        blocks: [
          {
            id: "b4",
            type: "Condition",
            items: [
              {
                id: "c1",
                content: { comparisons: [{ id: "k1", variableId: "vname", comparisonOperator: "Is set" }] },
                outgoingEdgeId: "e3",
              },
            ],
          },
        ],
      },
      {
        id: "g3",
        title: "End",
        graphCoordinates: { x: 800, y: 0 },
        blocks: [
          { id: "b5", type: "text", content: { richText: [{ type: "p", children: [{ text: "Bye" }] }] } },
        ],
      },
    ],
    edges: [
      { id: "e0", from: { eventId: "ev1" }, to: { groupId: "g1" } },
      { id: "e1", from: { blockId: "b3", itemId: "i1" }, to: { groupId: "g2" } },
      { id: "e2", from: { blockId: "b3", itemId: "i2" }, to: { groupId: "g3" } },
      { id: "e3", from: { blockId: "b4", itemId: "c1" }, to: { groupId: "g3" } },
    ],
  };
}
