import type { TestFlow } from "./testFlow";

const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

/**
 * An HTTP request (Webhook block) to `{{Target}}`, its status shown in a bubble; with
 * `askFirst`, a text input comes before it (so continueChat runs the request).
 */
export function createWebhookFlow(options: { askFirst?: boolean } = {}): TestFlow {
  const blocks = [
    ...(options.askFirst ? [{ id: "b-ask", type: "text input", options: { variableId: "v-answer" } }] : []),
    {
      id: "b-call",
      type: "Webhook",
      options: {
        webhook: { url: "{{Target}}", method: "GET" },
        responseVariableMapping: [{ id: "m1", variableId: "v-status", bodyPath: "statusCode" }],
      },
    },
    text("b-status", "Status {{Status}}"),
    { id: "b-end", type: "text input", options: { variableId: "v-answer" } },
  ];
  return {
    events: [{ id: "start", type: "start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: 0 } }],
    groups: [{ id: "g-1", title: "Call", graphCoordinates: { x: 0, y: 0 }, blocks }],
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-1" } }],
    variables: [
      { id: "v-target", name: "Target" },
      { id: "v-status", name: "Status" },
      { id: "v-answer", name: "Answer" },
    ],
  };
}
