import { describe, expect, it } from "vitest";
import { createSampleBlock } from "../testing/createSampleBlock";
import {
  type BlockType,
  blockSchema,
  blockTypes,
  bubbleBlockTypes,
  inputBlockTypes,
  integrationBlockTypes,
  isAiBlock,
  isBubbleBlock,
  isInputBlock,
  isIntegrationBlock,
  isLogicBlock,
  logicBlockTypes,
} from "./index";

/** One invalid variant per kind: a field of the wrong type or value. */
const invalidVariants: { [T in BlockType]: Record<string, unknown> } = {
  text: { content: { richText: "Hello" } },
  image: { content: { url: 42 } },
  video: { content: { type: "dailymotion" } },
  audio: { content: { isAutoplayEnabled: "yes" } },
  embed: { content: { height: true } },
  "text input": { options: { inputMode: "password" } },
  "number input": { options: { unit: "parsec" } },
  "email input": { options: { labels: "Email" } },
  "url input": { options: { retryMessageContent: ["Retry"] } },
  "phone number input": { options: { defaultCountryCode: 33 } },
  "date input": { options: { isRange: "true" } },
  "time input": { options: { format: null } },
  "choice input": { items: [{ content: "No id" }] },
  "picture choice input": { items: "Red, Blue" },
  "rating input": { options: { buttonType: "Stars" } },
  "file input": { options: { allowedFileTypes: { types: ".pdf" } } },
  "payment input": { options: { provider: "PayPal" } },
  cards: { items: [{ id: "c", paths: [{ text: "Path without id" }] }] },
  "Set variable": { options: { type: "Random number" } },
  Condition: { items: [{ id: "i", content: { comparisons: [{ id: "c", comparisonOperator: "Bigger" }] } }] },
  Redirect: { options: { isNewTab: "no" } },
  Code: { options: { content: 12 } },
  "Bot link": { options: { mergeResults: "yes" } },
  Wait: { options: { secondsToWaitFor: 5 } },
  "AB test": { items: [{ id: "a", path: "a" }] },
  Jump: { options: { groupId: 7 } },
  Return: { id: "" },
  Loop: { options: { maxIterations: 1001 } },
  webhook: { options: { responseVariableMapping: [{ variableId: "v" }] } },
  "Human handoff": { options: { businessHours: { ranges: [{ day: 7, start: "09:00", end: "17:00" }] } } },
  Webhook: { options: { webhook: { method: "FETCH" } } },
  Zapier: { options: { timeout: 500 } },
  "Make.com": { options: { webhook: { headers: { Accept: "json" } } } },
  Pabbly: { options: { isCustomBody: 1 } },
  Email: { options: { recipients: "a@b.c" } },
  "Google Sheets": { options: { action: "Delete a row" } },
  "Google Analytics": { options: { value: true } },
  Pixel: { options: { eventType: "Click" } },
  Chatwoot: { options: { task: "Open widget" } },
  "AI agent": { options: { tools: [{ id: "t", type: "runCode" }] } },
  openai: { options: { action: "Create image" } },
  anthropic: { options: { action: "Create chat completion" } },
  mistral: { options: { messages: [{ role: "robot" }] } },
  "openai-compatible": { options: { responseMapping: [{ item: "Reasoning" }] } },
  "qr-code": { options: { action: "Generate a barcode" } },
  posthog: { options: { action: "Alias" } },
  segment: { options: { traits: { plan: "pro" } } },
  nocodb: { options: { filter: { joiner: "XOR" } } },
  "dify-ai": { options: { action: "Query Knowledge Base" } },
  "chat-node": { options: { action: "Ask" } },
  elevenlabs: { options: { action: "Clone voice" } },
  gmail: { options: { action: "Read email" } },
  "cal-com": { options: { layout: "Agenda" } },
  zendesk: { options: { priority: "critical" } },
  unsupported: { options: { block: "elevenlabs" } },
};

describe("blockSchema", () => {
  it.each(blockTypes)("parses a valid %s block unchanged", (type) => {
    const block = createSampleBlock(type, { id: "b1", variableId: "v1" });
    expect(blockSchema.parse(block)).toEqual(block);
  });

  it.each(blockTypes)("rejects an invalid %s block", (type) => {
    const block = createSampleBlock(type, { id: "b1", variableId: "v1" });
    const variant = invalidVariants[type];
    const result = blockSchema.safeParse({ ...block, ...variant });
    expect(result.success).toBe(false);
    // The failure is the mutated field, not something else in the sample.
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([Object.keys(variant)[0]]);
  });

  it("rejects an unknown block type, and Typebot's pre-import names", () => {
    for (const type of ["start", "Typebot link", "OpenAI", "groq", "Text"]) {
      const result = blockSchema.safeParse({ id: "b1", type, options: {} });
      expect(result.success, type).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["type"]);
    }
  });

  it("strips unknown fields outside plug-in options and keeps them inside", () => {
    const parsed = blockSchema.parse({
      id: "b1",
      type: "text input",
      groupId: "legacy",
      options: { variableId: "v1", isUnknown: true },
    });
    expect(parsed).toEqual({ id: "b1", type: "text input", options: { variableId: "v1" } });
    const ai = blockSchema.parse({
      id: "b2",
      type: "openai",
      options: { action: "Ask Model", reasoningEffort: "low" },
    });
    expect(ai).toEqual({
      id: "b2",
      type: "openai",
      options: { action: "Ask Model", reasoningEffort: "low" },
    });
  });

  it("rejects a block without id", () => {
    expect(blockSchema.safeParse({ type: "Return" }).success).toBe(false);
  });
});

describe("block categories", () => {
  it("lists every kind once, under one category", () => {
    const all = [...bubbleBlockTypes, ...inputBlockTypes, ...logicBlockTypes, ...integrationBlockTypes];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...blockTypes]);
    expect(blockTypes).toHaveLength(55);
  });

  it("classifies blocks by their type", () => {
    const sample = (type: BlockType) => createSampleBlock(type, { id: "b", variableId: "v" });
    expect(isBubbleBlock(sample("image"))).toBe(true);
    expect(isInputBlock(sample("cards"))).toBe(true);
    expect(isInputBlock(sample("text"))).toBe(false);
    expect(isLogicBlock(sample("Jump"))).toBe(true);
    expect(isIntegrationBlock(sample("Webhook"))).toBe(true);
    expect(isIntegrationBlock(sample("webhook"))).toBe(false);
    expect(isAiBlock(sample("openai-compatible"))).toBe(true);
    expect(isAiBlock(sample("Email"))).toBe(false);
  });
});
