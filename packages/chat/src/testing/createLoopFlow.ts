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

/**
 * The loop flow in `languageCount` languages: English by default, and every bubble and placeholder translated
 * into each other language (`fr`, `de`, `es`…, all `reviewed`), so a session started in French reads translated
 * texts on every turn (the translated-bot row of the chat benchmark, statementCount.test.ts).
 */
export function createTranslatedLoopFlow(groupCount: number, languageCount = 10): LoopFlow {
  const flow = createLoopFlow(groupCount);
  const others = ["fr", "de", "es", "pt-BR", "it", "nl", "pl", "ar", "ja", "ko", "tr", "uk"].slice(
    0,
    languageCount - 1,
  );
  const translations: Record<string, Record<string, { value: unknown; status: "reviewed" }>> = {};
  for (const language of others) {
    const texts: Record<string, { value: unknown; status: "reviewed" }> = {};
    for (let index = 0; index < groupCount; index++) {
      texts[`block:b-${index}-bubble:content.richText`] = {
        value: [
          { type: "p", children: [{ text: `[${language}] Question ${index} : {{Answer}}. Suivante ?` }] },
        ],
        status: "reviewed",
      };
      texts[`block:b-${index}-input:options.labels.placeholder`] = {
        value: `[${language}] Tapez…`,
        status: "reviewed",
      };
    }
    translations[language] = texts;
  }
  return { ...flow, settings: { languages: { defaultLanguage: "en", languages: others, translations } } };
}
