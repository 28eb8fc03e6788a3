// Flows of the chat benchmark and the reliability tests: `groupCount` groups of [text bubble, text input] in a
// cycle, so a session answers text inputs forever and every turn does the same work.
// 5 groups = 10 blocks; 1,500 groups = 3,000 blocks.

export interface LoopFlow {
  events: unknown[];
  groups: unknown[];
  edges: unknown[];
  variables: unknown[];
  theme: Record<string, unknown>;
  settings: Record<string, unknown>;
}

export function createLoopFlow(groupCount: number): LoopFlow {
  const variables = [{ id: "v-answer", name: "Answer" }];
  const groups = [];
  const edges: { id: string; from: Record<string, string>; to: { groupId: string } }[] = [
    { id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-0" } },
  ];
  for (let index = 0; index < groupCount; index++) {
    const nextIndex = (index + 1) % groupCount;
    groups.push({
      id: `g-${index}`,
      title: `Group #${index}`,
      graphCoordinates: { x: (index % 40) * 400, y: Math.floor(index / 40) * 300 },
      blocks: [
        {
          id: `b-${index}-bubble`,
          type: "text",
          content: {
            richText: [{ type: "p", children: [{ text: `Question ${index}: you said {{Answer}}. Next?` }] }],
          },
        },
        {
          id: `b-${index}-input`,
          type: "text input",
          options: { variableId: "v-answer", labels: { placeholder: "Type…", button: "Send" } },
          outgoingEdgeId: `e-${index}`,
        },
      ],
    });
    edges.push({
      id: `e-${index}`,
      from: { blockId: `b-${index}-input` },
      to: { groupId: `g-${nextIndex}` },
    });
  }
  return {
    events: [
      { id: "ev-start", type: "start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: -200 } },
    ],
    groups,
    edges,
    variables,
    theme: {},
    settings: {},
  };
}
