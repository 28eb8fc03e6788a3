import { describe, expect, it } from "vitest";
import { createSampleBlock } from "../../testing/createSampleBlock";
import { englishBlockTexts } from "../editor-texts/blockEditorTexts";
import { aiAgentBlock, aiAgentBlockSchema, getAiAgentPathToolName } from "./aiAgent";

const context = {
  variableName: () => undefined,
  groupTitle: () => undefined,
  t: englishBlockTexts,
  optionValue: (_option: string, value: string) => value,
};

describe("AI agent definition", () => {
  it("reads its credentials as the kind its provider names (OpenAI by default)", () => {
    const credentialsOf = aiAgentBlock.settings?.credentialsOf;
    expect(credentialsOf?.({})?.type).toBe("openai");
    expect(credentialsOf?.({ provider: "anthropic" })?.type).toBe("anthropic");
    expect(credentialsOf?.({ provider: "mistral" })?.type).toBe("mistral");
    expect(credentialsOf?.({ provider: "openai-compatible" })?.type).toBe("openai-compatible");
  });

  it("refuses a tool name the protocols would refuse, and a tool kind it does not know", () => {
    const sample = createSampleBlock("AI agent", { id: "b", variableId: "v" });
    const withTool = (tool: Record<string, unknown>) =>
      aiAgentBlockSchema.safeParse({ ...sample, options: { ...sample.options, tools: [tool] } });
    expect(withTool({ id: "t", type: "httpRequest", name: "track order" }).success).toBe(false);
    expect(withTool({ id: "t", type: "runCode" }).success).toBe(false);
    expect(
      withTool({ id: "t", type: "httpRequest", name: "track_order", url: "https://x.test" }).success,
    ).toBe(true);
  });

  it("sums itself up on the canvas once it has credentials, and names each path", () => {
    const sample = createSampleBlock("AI agent", { id: "b", variableId: "v" });
    expect(aiAgentBlock.getSummary(sample, context)).toBe("Agent · gpt-4o-mini · 1 knowledge base");
    expect(aiAgentBlock.getSummary({ ...sample, options: {} }, context)).toBeNull();
    const [path] = sample.items;
    expect(path && aiAgentBlock.canvas?.getItemSummary?.(sample, path, context)).toBe(
      "talk_to_a_human: The visitor asks for a person, or is unhappy with the answers",
    );
    expect(aiAgentBlock.canvas?.hasDefaultExit?.(sample)).toBe(false);
    expect(aiAgentBlock.canvas?.hasDefaultExit?.({ ...sample, options: { onFallback: "leave" } })).toBe(true);
  });

  it("a hand-over path: named hand_over_to_human by default, said so on the canvas, its summary's variable shown only for it", () => {
    const sample = createSampleBlock("AI agent", { id: "b", variableId: "v" });
    const handover = { id: "h", isHumanHandover: true, summaryVariableId: "v" };
    expect(getAiAgentPathToolName(handover, 1)).toBe("hand_over_to_human");
    expect(getAiAgentPathToolName({ ...handover, name: "escalate" }, 1)).toBe("escalate");
    expect(getAiAgentPathToolName({ id: "p" }, 1)).toBe("go_to_path_2");
    expect(aiAgentBlock.canvas?.getItemSummary?.(sample, handover, context)).toBe("Hand over to a human");
    const isVisible = aiAgentBlock.settings?.items?.isFieldVisible;
    expect(isVisible?.("summaryVariableId", handover)).toBe(true);
    expect(isVisible?.("summaryVariableId", { id: "p" })).toBe(false);
    expect(aiAgentBlockSchema.safeParse({ ...sample, items: [handover] }).success).toBe(true);
  });
});
