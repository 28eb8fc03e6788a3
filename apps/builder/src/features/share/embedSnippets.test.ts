import { describe, expect, it } from "vitest";
import { getBubbleSnippet, getInlineSnippet, getPopupSnippet } from "./embedSnippets";

const target = { viewerUrl: "https://chat.example.com/", publicId: "my-bot", chatKey: "ck_abc" };

describe("embed snippets", () => {
  it("inline: a sized box and initStandard pointing at it", () => {
    expect(getInlineSnippet(target, { height: "600px" })).toBe(
      [
        '<div id="parley-chat" style="width: 100%; height: 600px"></div>',
        '<script src="https://chat.example.com/embed.js"></script>',
        "<script>",
        '  Parley.initStandard({ publicId: "my-bot", chatKey: "ck_abc", element: "#parley-chat" });',
        "</script>",
      ].join("\n"),
    );
  });

  it("inline: the height cannot break out of the style attribute", () => {
    expect(getInlineSnippet(target, { height: '1px"><script>alert(1)</script>' })).toContain(
      'height: 1pxscriptalert1script"',
    );
  });

  it("popup: the delay in milliseconds, or none", () => {
    expect(getPopupSnippet(target, { autoShowDelaySeconds: 3 })).toContain(
      'Parley.initPopup({ publicId: "my-bot", chatKey: "ck_abc", autoShowDelay: 3000 });',
    );
    expect(getPopupSnippet(target, { autoShowDelaySeconds: null })).toContain(
      'Parley.initPopup({ publicId: "my-bot", chatKey: "ck_abc" });',
    );
  });

  it("bubble: preview message, placement and colour, strings escaped", () => {
    const snippet = getBubbleSnippet(target, {
      previewMessage: 'Need "help"?',
      buttonColor: "#4F46E5",
      placement: "left",
    });
    expect(snippet).toContain('placement: "left",');
    expect(snippet).toContain('previewMessage: { message: "Need \\"help\\"?", autoShowDelay: 5000 },');
    expect(snippet).toContain(
      'bubbleTheme: { button: { backgroundColor: "#4F46E5", iconColor: "#FFFFFF" } },',
    );
    expect(
      getBubbleSnippet(target, { previewMessage: "</script>", buttonColor: "#000", placement: "right" }),
    ).toContain('message: "\\u003c/script>"');
    expect(
      getBubbleSnippet(target, { previewMessage: " ", buttonColor: "#000", placement: "right" }),
    ).not.toContain("previewMessage");
  });
});
