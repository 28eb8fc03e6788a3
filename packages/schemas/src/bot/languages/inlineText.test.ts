import { describe, expect, it } from "vitest";
import { settingsSchema } from "../settings";
import {
  checkTranslationVariables,
  decodeInline,
  encodeInline,
  fromTaggedText,
  InlineTextError,
  toTaggedText,
} from "./inlineText";
import { listTranslatableTexts, listUnreviewedTexts } from "./listTranslatableTexts";

const richText = [
  { type: "p", children: [{ text: "Hello " }, { text: "dear", bold: true }, { text: " {{Name}}!" }] },
  {
    type: "p",
    align: "center",
    children: [{ type: "a", url: "https://example.com", children: [{ text: "our site", italic: true }] }],
  },
  { type: "p", children: [{ text: "" }] },
];

describe("inline text (formatting and variables as codes)", () => {
  it("round-trips rich text exactly through codes and through tags", () => {
    const { parts, codes } = encodeInline(richText);
    expect(decodeInline(parts, codes, true)).toEqual(richText);
    const tagged = toTaggedText(parts);
    expect(tagged).toBe("<1>Hello <2>dear</2> {{Name}}!</1><4><5><6>our site</6></5></4><7></7>");
    expect(decodeInline(fromTaggedText(tagged, true), codes, true)).toEqual(richText);
  });

  it("takes a translation that moves words around the same codes", () => {
    const { codes } = encodeInline(richText);
    const translated = decodeInline(
      fromTaggedText("<1>Bonjour {{Name}}, <2>cher</2> !</1><4><5><6>notre site</6></5></4><7></7>", true),
      codes,
      true,
    );
    expect(translated).toEqual([
      { type: "p", children: [{ text: "Bonjour {{Name}}, " }, { text: "cher", bold: true }, { text: " !" }] },
      richText[1] && {
        ...richText[1],
        children: [
          { type: "a", url: "https://example.com", children: [{ text: "notre site", italic: true }] },
        ],
      },
      richText[2],
    ]);
  });

  it("refuses crossed, unclosed and unknown codes, and codes in a plain text", () => {
    const { codes } = encodeInline(richText);
    expect(() => decodeInline(fromTaggedText("<1><2>a</1></2>", true), codes, true)).toThrow(InlineTextError);
    expect(() => decodeInline(fromTaggedText("<1>a", true), codes, true)).toThrow(/never closed/);
    expect(() => decodeInline(fromTaggedText("<9>a</9>", true), codes, true)).toThrow(/Unknown code 9/);
    expect(() => decodeInline([{ kind: "open", id: 1 }], new Map(), false)).toThrow(/plain text/);
    // A plain field's text is words only: a `<2>` in it is kept as written.
    expect(decodeInline(fromTaggedText("a <2> b", false), new Map(), false)).toBe("a <2> b");
  });

  it("names the variables a translation lost or invented", () => {
    expect(checkTranslationVariables("Hi {{Name}}", "Salut {{Name}}")).toBeNull();
    expect(checkTranslationVariables("Hi {{Name}}", "Salut {{Nom}}")).toBe(
      "The translation must keep the text's variables; missing {{Name}}; unknown {{Nom}}",
    );
  });
});

describe("listTranslatableTexts", () => {
  const settings = settingsSchema.parse({
    general: { systemMessages: { invalidMessage: "Invalid." } },
    languages: {
      defaultLanguage: "en",
      languages: ["fr"],
      translations: { fr: { "block:b1:content.richText": { value: "Bonjour", status: "reviewed" } } },
    },
  });
  const flow = {
    settings,
    groups: [
      {
        id: "g1",
        title: "Welcome",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: "b1", type: "text", content: { richText: [{ type: "p", children: [{ text: "Hello" }] }] } },
          { id: "b2", type: "text input", options: { labels: { placeholder: "Your name" } } },
          {
            id: "b3",
            type: "choice input",
            items: [
              { id: "i1", content: "Yes" },
              { id: "i2", content: "" },
            ],
          },
          { id: "b4", type: "Condition", items: [] },
        ],
      },
    ],
  } as unknown as Parameters<typeof listTranslatableTexts>[0];

  it("lists each block's texts in flow order (built-in texts included, empty and hidden ones not), then the settings'", () => {
    const keys = listTranslatableTexts(flow).map((text) => text.key);
    expect(keys).toEqual([
      "block:b1:content.richText",
      "block:b2:options.labels.placeholder",
      "block:b2:options.labels.button",
      "block:b3:options.buttonLabel",
      "item:b3:i1:content",
      "settings:general.systemMessages.invalidMessage",
    ]);
    const button = listTranslatableTexts(flow).find((text) => text.key === "block:b2:options.labels.button");
    expect(button).toMatchObject({ groupTitle: "Welcome", blockType: "text input", source: "Send" });
  });

  it("lists what is not reviewed yet in each other language", () => {
    const unreviewed = listUnreviewedTexts(flow);
    expect(unreviewed).toHaveLength(5);
    expect(unreviewed[0]).toEqual({
      language: "fr",
      key: "block:b2:options.labels.placeholder",
      status: "missing",
    });
  });
});
