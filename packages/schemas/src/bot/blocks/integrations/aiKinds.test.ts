import { describe, expect, it } from "vitest";
import { aiBlockTypes, getAiBlockDefinition, isAiBlock } from "../index";
import { type AiKindFacts, aiOperations } from "./aiOptions";

/** What the AI runtime reads from an AI kind's definition, checked for every kind declared with `ai`. */
describe.each(aiBlockTypes)("the %s definition", (type) => {
  const definition = getAiBlockDefinition(type);
  const ai: AiKindFacts | undefined = definition?.ai;

  it("is found as an AI kind", () => {
    expect(definition?.type).toBe(type);
    expect(isAiBlock({ type })).toBe(true);
  });

  it("runs its default action, each action it runs as a known operation", () => {
    const actions = Object.entries(ai?.actions ?? {});
    expect(actions.map(([action]) => action)).toContain(definition?.defaults.action);
    for (const [, operation] of actions) expect(aiOperations).toContain(operation);
  });

  it("has a server to call: a default base URL, or the block's or credentials' own", () => {
    expect(ai?.defaultBaseUrl !== undefined || ai?.hasBlockBaseUrl === true).toBe(true);
    if (ai?.defaultBaseUrl) expect(new URL(ai.defaultBaseUrl).protocol).toBe("https:");
  });
});

it("a kind without `ai` facts is not an AI kind", () => {
  expect(getAiBlockDefinition("Email")).toBeUndefined();
  expect(getAiBlockDefinition("OpenAI")).toBeUndefined();
});
