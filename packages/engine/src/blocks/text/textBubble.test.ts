import { describe, expect, it } from "vitest";
import { createFlow, startTestChat } from "../../testing";

const richText = (...children: Record<string, unknown>[]) => [{ type: "p", children }];

const flowWith = (
  content: Record<string, unknown>,
  options: { version?: string; values?: Record<string, unknown> } = {},
) =>
  createFlow({
    version: options.version,
    groups: [{ id: "g1", title: "G", blocks: [{ id: "b1", type: "text", content }] }],
    variables: [
      { id: "v-name", name: "Name", value: (options.values?.Name as string | undefined) ?? "Ada" },
      { id: "v-list", name: "List", value: ["a", "b"] },
      { id: "v-empty", name: "Empty" },
    ],
  });

describe("text bubble", () => {
  it("substitutes variables by name; unknown or unset ones become empty", async () => {
    const chat = await startTestChat(
      flowWith({ richText: richText({ text: "Hi {{Name}}{{Empty}}{{Nope}}!" }) }),
    );
    expect(chat.outcome.response.messages).toEqual([
      { id: "b1", type: "text", content: { type: "richText", richText: richText({ text: "Hi Ada!" }) } },
    ]);
  });

  it("renders lists as JSON in v6 and as their last item in older documents", async () => {
    const v6 = await startTestChat(flowWith({ richText: richText({ text: "{{List}}" }) }));
    expect(v6.outcome.response.messages[0]).toMatchObject({
      content: { richText: richText({ text: '["a","b"]' }) },
    });
    const v5 = await startTestChat(flowWith({ richText: richText({ text: "{{List}}" }) }, { version: "5" }));
    expect(v5.outcome.response.messages[0]).toMatchObject({ content: { richText: richText({ text: "b" }) } });
  });

  it("converts to markdown when asked, marks and links included, one block a paragraph", async () => {
    const chat = await startTestChat(
      flowWith({
        richText: [
          {
            type: "p",
            children: [{ text: "Hello " }, { text: "{{Name}}", bold: true }, { text: " and ", italic: true }],
          },
          {
            type: "p",
            children: [{ type: "a", url: "https://x.test/{{Name}}", children: [{ text: "site" }] }],
          },
        ],
      }),
      { textBubbleContentFormat: "markdown" },
    );
    expect(chat.outcome.response.messages[0]).toEqual({
      id: "b1",
      type: "text",
      content: { type: "markdown", markdown: "Hello **Ada** *and*&#x20;\n\n[site](https://x.test/Ada)" },
    });
  });

  it("evaluates inline code with the variables it references", async () => {
    const chat = await startTestChat(
      flowWith({ richText: richText({ text: "{{= {{Name}}.toUpperCase() =}} ok" }) }),
    );
    expect(chat.outcome.response.messages[0]).toMatchObject({
      content: { richText: richText({ text: "ADA ok" }) },
    });
  });

  it("falls back to plain substitution when inline code fails", async () => {
    const chat = await startTestChat(flowWith({ richText: richText({ text: "{{= {{Name}} + ( =}}" }) }));
    expect(chat.outcome.response.messages[0]).toMatchObject({
      content: { richText: richText({ text: "Ada + (" }) },
    });
  });

  it("skips a bubble whose text is empty", async () => {
    const chat = await startTestChat(flowWith({ richText: richText({ text: "{{Empty}} " }) }));
    expect(chat.outcome.response.messages).toEqual([]);
  });
});
