// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
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
