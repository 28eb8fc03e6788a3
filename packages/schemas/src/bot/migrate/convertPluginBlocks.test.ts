import { describe, expect, it } from "vitest";
import { blockSchema } from "../blocks";
import { restoreUnsupportedBlock } from "./convertPluginBlocks";
import { importBot } from "./importBot";

const group = (blocks: unknown[]) => ({ id: "g", title: "Group", graphCoordinates: { x: 0, y: 0 }, blocks });
const exportOf = (blocks: unknown[]) => ({
  version: "6.1",
  name: "Plug-ins",
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e0" }],
  groups: [group(blocks)],
  edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g" } }],
  variables: [{ id: "answer", name: "Answer" }],
});

describe("importBot with Typebot plug-ins", () => {
  it("keeps an unknown block whole as an unsupported block, with a warning, and exports it back unchanged", () => {
    const blink = {
      id: "speak",
      type: "blink",
      outgoingEdgeId: "e1",
      options: {
        credentialsId: "cred-other-install",
        action: "Send Feed Event",
        body: "Hello {{Answer}}",
        userId: "21m00Tcm4TlvDq8ikWAM",
      },
    };
    const exported = exportOf([
      blink,
      { id: "after", type: "text input", options: { variableId: "answer" } },
    ]);
    exported.groups.push({ ...group([]), id: "g2" } as never);
    (exported.edges as unknown[]).push({ id: "e1", from: { blockId: "speak" }, to: { groupId: "g2" } });
    const result = importBot(exported);
    if (!result.success) throw new Error(JSON.stringify(result.issues));
    expect(result.warnings).toEqual([
      {
        message:
          'The "blink" block is not supported yet: it was kept as it is and will be skipped when the bot runs',
        path: ["groups", 0, "blocks", 0],
      },
    ]);
    const kept = result.bot.groups[0]!.blocks[0]!;
    expect(kept).toEqual({
      id: "speak",
      type: "unsupported",
      outgoingEdgeId: "e1",
      options: { blockType: "blink", block: { type: "blink", options: blink.options } },
    });
    expect(restoreUnsupportedBlock(kept)).toEqual(blink);
    const other = result.bot.groups[0]!.blocks[1]!;
    expect(restoreUnsupportedBlock(other)).toBe(other);
  });

  it("keeps PostHog and Segment plug-ins as they are (they run), and an action not run here unsupported", () => {
    const capture = {
      id: "ph",
      type: "posthog",
      options: {
        credentialsId: "cred-other-install",
        action: "Capture",
        distinctId: "{{Answer}}",
        event: "lead",
        properties: [{ key: "plan", value: "pro" }],
        groups: [{ type: "company", key: "acme" }],
      },
    };
    const track = {
      id: "sg",
      type: "segment",
      options: { action: "Track", userId: "{{Answer}}", eventName: "Signed up", properties: [] },
    };
    const flag = { id: "flag", type: "posthog", options: { action: "Get Flag", flagKey: "beta" } };
    const result = importBot(exportOf([capture, track, flag]));
    if (!result.success) throw new Error(JSON.stringify(result.issues));
    const [posthog, segment, unsupported] = result.bot.groups[0]!.blocks;
    expect(posthog).toEqual(capture);
    expect(segment).toEqual(track);
    expect(unsupported).toMatchObject({ type: "unsupported", options: { blockType: "posthog" } });
    expect(result.warnings).toEqual([
      {
        message:
          'The "posthog" block is not supported yet (its action "Get Flag" is not supported yet): it was kept as it is and will be skipped when the bot runs',
        path: ["groups", 0, "blocks", 2],
      },
    ]);
  });

  it("keeps Typebot's Zendesk plug-in as it is: its Open Web Widget options are the zendesk kind's", () => {
    const widget = {
      id: "zd",
      type: "zendesk",
      options: {
        credentialsId: "cred-other-install",
        action: "Open Web Widget",
        userId: "{{Answer}}",
        name: "Ada",
        email: "ada@example.com",
        webWidgetKey: "0a1b2c3d-4e5f",
      },
    };
    const withoutAction = { id: "zd2", type: "zendesk", options: { webWidgetKey: "0a1b2c3d-4e5f" } };
    const result = importBot(exportOf([widget, withoutAction]));
    if (!result.success) throw new Error(JSON.stringify(result.issues));
    const [kept, keptWithoutAction] = result.bot.groups[0]!.blocks;
    expect(kept).toEqual(widget);
    expect(keptWithoutAction).toEqual(withoutAction);
    expect(blockSchema.safeParse(kept).success).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it("turns OpenAI-compatible AI plug-ins into openai-compatible blocks with their provider's base URL", () => {
    const providers = {
      groq: "https://api.groq.com/openai/v1",
      "together-ai": "https://api.together.xyz/v1",
      "open-router": "https://openrouter.ai/api/v1",
      perplexity: "https://api.perplexity.ai",
      deepseek: "https://api.deepseek.com/v1",
    };
    const blocks = Object.keys(providers).map((type) => ({
      id: type,
      type,
      options: {
        credentialsId: "cred-other-install",
        action: "Create chat completion",
        model: "some-model",
        messages: [{ role: "user", content: "{{Answer}}" }],
        responseMapping: [{ item: "Message content", variableId: "answer" }],
      },
    }));
    const result = importBot(exportOf(blocks));
    if (!result.success) throw new Error(JSON.stringify(result.issues));
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      "The Groq block became an OpenAI-compatible block (https://api.groq.com/openai/v1); choose its credentials in its settings",
      "The Together AI block became an OpenAI-compatible block (https://api.together.xyz/v1); choose its credentials in its settings",
      "The OpenRouter block became an OpenAI-compatible block (https://openrouter.ai/api/v1); choose its credentials in its settings",
      "The Perplexity block became an OpenAI-compatible block (https://api.perplexity.ai); choose its credentials in its settings",
      "The DeepSeek block became an OpenAI-compatible block (https://api.deepseek.com/v1); choose its credentials in its settings",
    ]);
    expect(result.bot.groups[0]!.blocks).toEqual(
      Object.entries(providers).map(([type, baseUrl]) => ({
        id: type,
        type: "openai-compatible",
        options: {
          action: "Create chat completion",
          model: "some-model",
          messages: [{ role: "user", content: "{{Answer}}" }],
          responseMapping: [{ item: "Message content", variableId: "answer" }],
          baseUrl,
        },
      })),
    );
  });

  it("keeps the strict schema for known kinds: an unsupported block is only made by an import", () => {
    expect(blockSchema.safeParse({ id: "b", type: "blink" }).success).toBe(false);
    const malformed = importBot(exportOf([{ id: "b", type: "qr-code", options: { data: 42 } }]));
    expect(malformed).toMatchObject({
      success: false,
      issues: [{ code: "INVALID_FIELD", path: ["groups", 0, "blocks", 0, "options", "data"] }],
    });
  });
});
