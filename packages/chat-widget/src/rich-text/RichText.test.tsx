// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./Markdown";
import { RichText } from "./RichText";

afterEach(cleanup);

describe("RichText", () => {
  it("renders marks and links, escaping text", () => {
    const { container } = render(
      <RichText
        nodes={[
          {
            type: "p",
            children: [
              { text: "Hello " },
              { text: "bold", bold: true },
              { text: " " },
              { text: "it", italic: true, underline: true },
              { text: " <img src=x onerror=alert(1)>" },
              { type: "a", url: "https://example.com", children: [{ text: "site" }] },
            ],
          },
        ]}
      />,
    );
    expect(container.innerHTML).toBe(
      "<p><span>Hello </span><span><strong>bold</strong></span><span> </span><span><u><em>it</em></u></span>" +
        '<span> &lt;img src=x onerror=alert(1)&gt;</span><a href="https://example.com" target="_blank" ' +
        'rel="noopener noreferrer"><span>site</span></a></p>',
    );
  });

  it("drops javascript: links but keeps their text", () => {
    const { container } = render(
      <RichText nodes={[{ type: "a", url: "javascript:alert(1)", children: [{ text: "click" }] }]} />,
    );
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toBe("click");
  });

  it("ignores malformed nodes", () => {
    const { container } = render(<RichText nodes={[null, 3, { foo: 1 }, { text: "ok" }]} />);
    expect(container.textContent).toBe("ok");
  });
});

describe("Markdown", () => {
  it("renders inline marks, lists and safe links", () => {
    const { container } = render(
      <Markdown
        source={
          "Hi **there** and *you* <u>under</u>\nnext\n\n- one\n- [two](https://x.io)\n\n[bad](javascript:alert(1))"
        }
      />,
    );
    expect(container.querySelector("strong")?.textContent).toBe("there");
    expect(container.querySelector("em")?.textContent).toBe("you");
    expect(container.querySelector("u")?.textContent).toBe("under");
    expect(container.querySelectorAll("br")).toHaveLength(1);
    expect(container.querySelectorAll("li")).toHaveLength(2);
    expect(container.querySelector("a")?.getAttribute("href")).toBe("https://x.io");
    expect(container.querySelectorAll("a")).toHaveLength(1);
    expect(container.textContent).toContain("bad");
  });

  it("never interprets HTML", () => {
    const { container } = render(<Markdown source={"<script>alert(1)</script><b>x</b>"} />);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe("<script>alert(1)</script><b>x</b>");
  });
});
