// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadFont } from "./loadFont";

// A file that ran before in the same worker may have left its chat's font in the shared document.
beforeEach(() => document.head.replaceChildren());
afterEach(() => document.head.replaceChildren());

const stylesheets = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].map((link) => link.href);

describe("loadFont", () => {
  it("takes an included font from the chat's own host, the default theme's too", () => {
    loadFont({}, "https://chat.example.com");
    loadFont({ general: { font: "Open Sans" } }, "https://chat.example.com");
    loadFont(
      { general: { font: { type: "Google", family: "playfair display" } } },
      "https://chat.example.com",
    );
    expect(stylesheets()).toEqual([
      "https://chat.example.com/fonts/inter.css",
      "https://chat.example.com/fonts/open-sans.css",
      "https://chat.example.com/fonts/playfair-display.css",
    ]);
  });

  it("loads a font once however often the theme changes", () => {
    loadFont({ general: { font: "Lato" } }, "https://chat.example.com");
    loadFont({ general: { font: "Lato" } }, "https://chat.example.com");
    expect(stylesheets()).toHaveLength(1);
  });

  it("asks Google only for a family outside the included set, which its author picked", () => {
    loadFont({ general: { font: { type: "Google", family: "Comic Neue" } } }, "https://chat.example.com");
    expect(stylesheets()).toEqual([
      "https://fonts.googleapis.com/css2?family=Comic%20Neue:wght@400;500;600;700&display=swap",
    ]);
  });

  it("declares a custom font from its URL and refuses other schemes", () => {
    loadFont(
      { general: { font: { type: "Custom", family: "Brand", url: "https://cdn.test/b.woff2" } } },
      "https://x.test",
    );
    loadFont(
      { general: { font: { type: "Custom", family: "Evil", url: "javascript:alert(1)" } } },
      "https://x.test",
    );
    expect(document.head.querySelectorAll("style")).toHaveLength(1);
    expect(document.head.querySelector("style")?.textContent).toContain(
      'src:url("https://cdn.test/b.woff2")',
    );
    expect(stylesheets()).toEqual([]);
  });
});
