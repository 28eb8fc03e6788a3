// A realistic 20-group flow for the editor's browser tests and screenshot.
import type { BotDocument } from "@parley/schemas";

type Group = BotDocument["groups"][number];
type Block = Group["blocks"][number];
type Edge = BotDocument["edges"][number];

const paragraph = (text: string) => ({ type: "p", children: [{ text }] });
/** A text bubble of one paragraph a line. */
export const text = (id: string, ...lines: string[]): Block => ({
  id,
  type: "text",
  content: { richText: lines.map(paragraph) },
});

/** Column and row of each group: the flow reads left to right, one branch per row. */
const layout: Record<string, [number, number]> = {
  Welcome: [0, 0],
  Email: [1, 0],
  "Pick a plan": [2, 0],
  Starter: [3, 0],
  Pro: [3, 1],
  Enterprise: [3, 2],
  "Video tour": [4, 0],
  "AB intro": [4, 1],
  "Team size": [4, 2],
  "Rate us": [5, 0],
  Guide: [5, 1],
  Upload: [5, 2],
  "Large team": [5, 3],
  "Small team": [5, 4],
  Score: [6, 0],
  Feedback: [6, 2],
  "Book a demo": [6, 3],
  "Notify sales": [6, 4],
  Goodbye: [7, 0],
  "Save to CRM": [7, 3],
};

/** A 20-group onboarding bot, laid out like an author would. */
export function createShowcaseFlow(): Pick<BotDocument, "groups" | "edges" | "events" | "variables"> {
  const variables = [
    { id: "v_name", name: "Name" },
    { id: "v_email", name: "Email" },
    { id: "v_plan", name: "Plan" },
    { id: "v_size", name: "Company size" },
    { id: "v_score", name: "Score" },
    { id: "v_phone", name: "Phone" },
    { id: "v_date", name: "Demo date" },
    { id: "v_crm", name: "CRM id" },
  ];
  const specs: { title: string; blocks: Block[] }[] = [
    {
      title: "Welcome",
      blocks: [
        text("b1", "Hi there! Welcome to Acme."),
        text("b2", "I'll help you get set up in two minutes."),
        {
          id: "b3",
          type: "text input",
          options: { variableId: "v_name", labels: { placeholder: "Your first name" } },
        },
      ],
    },
    {
      title: "Email",
      blocks: [
        text("b4", "Nice to meet you, {{Name}}!"),
        { id: "b5", type: "email input", options: { variableId: "v_email" } },
      ],
    },
    {
      title: "Pick a plan",
      blocks: [
        text("b6", "Which plan are you interested in?"),
        {
          id: "b7",
          type: "choice input",
          items: [
            { id: "i1", content: "Starter" },
            { id: "i2", content: "Pro" },
            { id: "i3", content: "Enterprise" },
          ],
          options: { variableId: "v_plan" },
        },
      ],
    },
    {
      title: "Starter",
      blocks: [
        text("b8", "Starter is free forever for up to 3 bots."),
        { id: "b9", type: "Set variable", options: { variableId: "v_score", expressionToEvaluate: "10" } },
      ],
    },
    {
      title: "Pro",
      blocks: [
        text("b10", "Pro unlocks unlimited bots and analytics."),
        { id: "b11", type: "Set variable", options: { variableId: "v_score", expressionToEvaluate: "50" } },
      ],
    },
    {
      title: "Enterprise",
      blocks: [
        text("b12", "Great! Let's learn about your team."),
        {
          id: "b13",
          type: "number input",
          options: { variableId: "v_size", labels: { placeholder: "How many people?" } },
        },
      ],
    },
    {
      title: "Team size",
      blocks: [
        {
          id: "b14",
          type: "Condition",
          items: [
            {
              id: "i4",
              content: {
                logicalOperator: "AND",
                comparisons: [
                  { id: "c1", variableId: "v_size", comparisonOperator: "Greater than", value: "200" },
                ],
              },
            },
          ],
        },
      ],
    },
    {
      title: "Large team",
      blocks: [
        text("b15", "You qualify for a dedicated success manager."),
        {
          id: "b16",
          type: "phone number input",
          options: { variableId: "v_phone", defaultCountryCode: "US" },
        },
      ],
    },
    {
      title: "Small team",
      blocks: [
        text("b17", "Our self-serve onboarding fits you well."),
        { id: "b18", type: "Wait", options: { secondsToWaitFor: "1" } },
      ],
    },
    {
      title: "Book a demo",
      blocks: [
        text("b19", "When would you like a demo?"),
        { id: "b20", type: "date input", options: { variableId: "v_date", hasTime: true } },
      ],
    },
    {
      title: "Save to CRM",
      blocks: [
        {
          id: "b21",
          type: "Webhook",
          options: {
            webhook: { method: "POST", url: "https://api.example.com/leads", headers: [], queryParams: [] },
            responseVariableMapping: [{ id: "m1", variableId: "v_crm", bodyPath: "data.id" }],
          },
        },
      ],
    },
    {
      title: "Notify sales",
      blocks: [
        {
          id: "b22",
          type: "Email",
          options: { recipients: ["sales@example.com"], subject: "New lead: {{Name}}" },
        },
      ],
    },
    {
      title: "Rate us",
      blocks: [
        text("b23", "How likely are you to recommend us?"),
        { id: "b24", type: "rating input", options: { length: 10, startsAt: 1 } },
      ],
    },
    {
      title: "AB intro",
      blocks: [
        {
          id: "b25",
          type: "AB test",
          items: [
            { id: "i5", path: "a" },
            { id: "i6", path: "b" },
          ],
          options: { aPercent: 50 },
        },
      ],
    },
    {
      title: "Video tour",
      blocks: [
        text("b26", "Here's a 2-minute tour:"),
        { id: "b27", type: "video", content: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } },
      ],
    },
    {
      title: "Guide",
      blocks: [
        text("b28", "Read our getting-started guide."),
        { id: "b29", type: "Redirect", options: { url: "https://example.com/guide", isNewTab: true } },
      ],
    },
    {
      title: "Feedback",
      blocks: [
        {
          id: "b30",
          type: "text input",
          options: { isLong: true, labels: { placeholder: "Anything we should know?" } },
        },
      ],
    },
    {
      title: "Score",
      blocks: [
        { id: "b31", type: "Code", options: { name: "Compute score", content: "setVariable('Score', 42)" } },
      ],
    },
    {
      title: "Upload",
      blocks: [
        text("b32", "Share your logo for a custom theme."),
        { id: "b33", type: "file input", options: { isRequired: false } },
      ],
    },
    {
      title: "Goodbye",
      blocks: [
        text("b34", "Thanks {{Name}}! We'll be in touch at {{Email}}."),
        { id: "b35", type: "image", content: { url: "https://example.com/thanks.png" } },
      ],
    },
  ];
  const groups: Group[] = specs.map((spec, index) => {
    const [column, row] = layout[spec.title]!;
    return {
      id: `g${index + 1}`,
      title: spec.title,
      graphCoordinates: { x: 160 + column * 350, y: 40 + row * 250 },
      blocks: spec.blocks,
    };
  });
  const edges: Edge[] = [];
  const connect = (from: Edge["from"], to: string) => {
    const id = `e${edges.length + 1}`;
    edges.push({ id, from, to: { groupId: to } });
    return id;
  };
  const setExit = (blockId: string, to: string, itemId?: string) => {
    const edgeId = connect(itemId ? { blockId, itemId } : { blockId }, to);
    const block = groups.flatMap((group) => group.blocks).find((candidate) => candidate.id === blockId)!;
    const items = "items" in block ? (block.items as { id: string; outgoingEdgeId?: string }[]) : [];
    const target: { outgoingEdgeId?: string } | undefined = itemId
      ? items.find((item) => item.id === itemId)
      : block;
    if (target) target.outgoingEdgeId = edgeId;
  };
  const startEdge = connect({ eventId: "start" }, "g1");
  setExit("b3", "g2");
  setExit("b5", "g3");
  setExit("b7", "g4", "i1");
  setExit("b7", "g5", "i2");
  setExit("b7", "g6", "i3");
  setExit("b9", "g15");
  setExit("b11", "g14");
  setExit("b13", "g7");
  setExit("b27", "g13");
  setExit("b25", "g16", "i5");
  setExit("b25", "g19", "i6");
  setExit("b14", "g8", "i4");
  setExit("b14", "g9");
  setExit("b24", "g18");
  setExit("b31", "g20");
  setExit("b33", "g17");
  setExit("b16", "g10");
  setExit("b18", "g12");
  setExit("b20", "g11");
  return {
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 60 }, outgoingEdgeId: startEdge }],
    groups,
    edges,
    variables,
  };
}
