// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./Markdown";

afterEach(cleanup);

const show = (source: string) => render(<Markdown source={source} />).container;

/** Renders each source on its own and runs the checks on what it shows. */
function showEach(sources: readonly string[], check: (container: HTMLElement, source: string) => void) {
  for (const source of sources) {
    check(show(source), source);
    cleanup();
  }
}

describe("Markdown", () => {
  it("renders inline marks, line breaks, lists and safe links", () => {
    const container = show(
      "Hi **there** and *you* <u>under</u> ~~old~~ `code`\nnext\n\n- one\n- [two](https://x.io)\n\n[bad](javascript:alert(1))",
    );
    expect(container.querySelector("strong")?.textContent).toBe("there");
    expect(container.querySelector("em")?.textContent).toBe("you");
    expect(container.querySelector("u")?.textContent).toBe("under");
    expect(container.querySelector("s")?.textContent).toBe("old");
    expect(container.querySelector("p code")?.textContent).toBe("code");
    expect(container.querySelectorAll("br")).toHaveLength(1);
    expect(container.querySelectorAll("li")).toHaveLength(2);
    const links = container.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute("href")).toBe("https://x.io");
    expect(links[0].getAttribute("rel")).toBe("noopener noreferrer");
    expect(links[0].getAttribute("target")).toBe("_blank");
    expect(container.textContent).toContain("bad");
  });

  it("renders code fences, tables, nested lists, blockquotes, headings and rules", () => {
    const container = show(
      [
        "## Plan",
        "```ts",
        'const html = "<b>not bold</b>";',
        "```",
        "| Name | Cups |",
        "|:-----|-----:|",
        "| Ada  | **3** |",
        "",
        "1. first",
        "   - nested *a*",
        "   - nested b",
        "2. second",
        "",
        "> quoted **text**",
        "> - in a list",
        "",
        "---",
        "- [x] done",
      ].join("\n"),
    );
    expect(container.querySelector("h2")?.textContent).toBe("Plan");
    const code = container.querySelector("pre > code");
    expect(code?.textContent).toBe('const html = "<b>not bold</b>";');
    expect(container.querySelector("pre")?.getAttribute("data-language")).toBe("ts");
    expect(container.querySelector("pre b")).toBeNull();
    expect([...container.querySelectorAll("th")].map((cell) => cell.textContent)).toEqual(["Name", "Cups"]);
    expect(container.querySelector("th")?.getAttribute("scope")).toBe("col");
    expect((container.querySelectorAll("td")[1] as HTMLElement).style.textAlign).toBe("right");
    expect(container.querySelector("td strong")?.textContent).toBe("3");
    expect(container.querySelectorAll("ol > li")).toHaveLength(2);
    expect([...container.querySelectorAll("ol > li > ul > li")].map((item) => item.textContent)).toEqual([
      "nested a",
      "nested b",
    ]);
    expect(container.querySelector("ol li ul em")?.textContent).toBe("a");
    expect(container.querySelector("blockquote strong")?.textContent).toBe("text");
    expect(container.querySelector("blockquote li")?.textContent).toBe("in a list");
    expect(container.querySelector("hr")).not.toBeNull();
    expect(container.textContent).toContain("☑ done");
  });

  it("never interprets HTML: tags, handlers and comments show as text", () => {
    const hostile = [
      "<script>alert(1)</script><b>x</b>",
      '<img src=x onerror="alert(1)">',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<a href="javascript:alert(1)">click</a>',
      "<style>*{display:none}</style>",
      "<!-- <script>alert(1)</script> -->",
      "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
    ];
    showEach(hostile, (container, source) => {
      expect(container.querySelector("script, img, iframe, a, style, svg, b")).toBeNull();
      expect(container.innerHTML).not.toMatch(/<(script|img|iframe|a|style|svg)\b/);
      expect(container.textContent).toContain(source.slice(0, 10));
    });
  });

  it("refuses javascript:, data: and vbscript: links however they are spelled", () => {
    const hostile = [
      "[a](javascript:alert(1))",
      "[a](JaVaScRiPt:alert(1))",
      "[a](java\tscript:alert(1))",
      "[a](&#106;avascript:alert(1))",
      "[a](javascript&colon;alert(1))",
      "[a](%20javascript:alert(1))",
      "[a](<javascript:alert(1)>)",
      "[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "[a](vbscript:msgbox(1))",
      "<javascript:alert(1)>",
      "[a][ref]\n\n[ref]: javascript:alert(1)",
    ];
    showEach(hostile, (container) => {
      for (const link of container.querySelectorAll("a"))
        expect(link.getAttribute("href") ?? "").not.toMatch(/^\s*(javascript|data|vbscript)/i);
      expect(container.innerHTML).not.toMatch(/href="\s*(javascript|data|vbscript)/i);
    });
  });

  it("keeps images to http(s) and inline pictures, with their alt text", () => {
    const container = show(
      "![a cat](https://img.test/cat.png) ![x](javascript:alert(1)) ![y](data:text/html,hi)",
    );
    const images = container.querySelectorAll("img");
    expect(images).toHaveLength(1);
    expect(images[0].getAttribute("src")).toBe("https://img.test/cat.png");
    expect(images[0].getAttribute("alt")).toBe("a cat");
    expect(container.textContent).toContain("x");
  });

  it("decodes character references as text and never as markup", () => {
    const container = show("AT&amp;T &lt;b&gt;bold?&lt;/b&gt; &#x3C;script&#x3E; &#0; &bogus;");
    expect(container.textContent).toBe("AT&T <b>bold?</b> <script> \ufffd &bogus;");
    expect(container.querySelector("b, script")).toBeNull();
  });

  it("decodes every named reference of HTML, not only a handful", () => {
    const container = show(
      "Caf&eacute; &copy; 2026&hellip; 5&euro; &Afr; &fjlig; &semi; &copyx; &ampnbsp; **&lt;script&gt;alert(1)&lt;/script&gt;**",
    );
    expect(container.textContent).toBe(
      "Café © 2026… 5€ \u{1d504} fj ; &copyx; &ampnbsp; <script>alert(1)</script>",
    );
    expect(container.querySelector("strong")?.textContent).toBe("<script>alert(1)</script>");
    expect(container.querySelector("script")).toBeNull();
  });

  it("survives pathological input without hanging or throwing", () => {
    const nested = `${"> ".repeat(500)}deep`;
    const brackets = "[".repeat(5_000) + "](".repeat(5_000);
    const stars = "*a ".repeat(5_000);
    expect(() =>
      showEach([nested, brackets, stars, "`".repeat(10_000), "|".repeat(10_000)], () => {}),
    ).not.toThrow();
  });

  it("renders a partial stream as it arrives: an unclosed fence is code until it closes", () => {
    const { container, rerender } = render(<Markdown source={"Here:\n```js\nconst a = 1"} />);
    expect(container.querySelector("pre code")?.textContent).toBe("const a = 1");
    rerender(<Markdown source={"Here:\n```js\nconst a = 1;\n```\nDone **now**"} />);
    expect(container.querySelector("pre code")?.textContent).toBe("const a = 1;");
    expect(container.querySelector("strong")?.textContent).toBe("now");
  });
});
