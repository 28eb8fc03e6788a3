/** A small flow in the stored shape: a text input, a choice with one edge per item, two branches. */
export const sampleFlow = {
  events: [{ id: "ev1", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e0" }],
  variables: [{ id: "vname", name: "Name" }],
  groups: [
    {
      id: "g1",
      title: "Welcome",
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        {
          id: "b1",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Hi! Your name?" }] }] },
        },
        { id: "b2", type: "text input", options: { variableId: "vname" } },
        { id: "b3", type: "text", content: { richText: [{ type: "p", children: [{ text: "Pick one" }] }] } },
        {
          id: "b4",
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
      title: "Yes path",
      graphCoordinates: { x: 0, y: 0 },
      blocks: [{ id: "b5", type: "email input" }],
    },
    { id: "g3", title: "No path", graphCoordinates: { x: 0, y: 0 }, blocks: [{ id: "b6", type: "text" }] },
  ],
  edges: [
    { id: "e0", from: { eventId: "ev1" }, to: { groupId: "g1" } },
    { id: "e1", from: { blockId: "b4", itemId: "i1" }, to: { groupId: "g2" } },
    { id: "e2", from: { blockId: "b4", itemId: "i2" }, to: { groupId: "g3" } },
  ],
};

/** The same flow as schema version 5 stored it: a start block in its own group instead of a start event. */
export const sampleFlowVersion5 = {
  version: "5",
  events: [],
  variables: sampleFlow.variables,
  groups: [
    {
      id: "start-group",
      title: "Start",
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: "start-block", type: "start", groupId: "start-group", label: "Start", outgoingEdgeId: "e0" },
      ],
    },
    ...sampleFlow.groups.map((group) => ({
      ...group,
      blocks: group.blocks.map((block) => ({
        ...block,
        groupId: group.id,
        ...("items" in block && { items: block.items?.map((item) => ({ ...item, blockId: block.id })) }),
      })),
    })),
  ],
  edges: [
    { id: "e0", from: { blockId: "start-block" }, to: { groupId: "g1" } },
    ...sampleFlow.edges.slice(1),
  ],
};
