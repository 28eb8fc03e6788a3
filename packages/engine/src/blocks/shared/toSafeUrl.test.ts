import { describe, expect, it } from "vitest";
import { createSingleGroupFlow, startTestChat } from "../../testing";
import { sanitizeRedirectUrl } from "../redirect/redirect";
import { hasUnsafeScheme, toSafeUrl } from "./toSafeUrl";

describe("toSafeUrl", () => {
  it.each([
    ["https://x.test/a", false],
    ["mailto:a@b.co", false],
    ["/relative/path", false],
    ["localhost:3000/x", false],
    ["javascript:alert(1)", true],
    ["JaVaScRiPt:alert(1)", true],
    ["java\tscript:alert(1)", true],
    [" \njavascript:alert(1)", true],
    ["vbscript:msgbox", true],
    ["data:text/html,<script>", true],
  ])("%j unsafe: %s", (url, unsafe) => {
    expect(hasUnsafeScheme(url)).toBe(unsafe);
  });

  it("lets images use data URLs only where asked", () => {
    expect(toSafeUrl("data:image/png;base64,AAAA", { allowDataImages: true })).toBe(
      "data:image/png;base64,AAAA",
    );
    expect(toSafeUrl("data:image/png;base64,AAAA")).toBe("");
  });

  it("redirects add https to bare hosts and refuse scripts", () => {
    expect(sanitizeRedirectUrl("localhost:3000/x")).toBe("https://localhost:3000/x");
    expect(sanitizeRedirectUrl("java\nscript:alert(1)")).toBeUndefined();
  });

  it("bubbles never carry a script URL", async () => {
    const flow = createSingleGroupFlow([
      {
        id: "img",
        type: "image",
        content: { url: "https://i.test/a.png", clickLink: { url: "javascript:alert(1)" } },
      },
      { id: "emb", type: "embed", content: { url: "javascript:alert(1)" } },
      {
        id: "txt",
        type: "text",
        content: {
          richText: [
            { type: "p", children: [{ type: "a", url: "javascript:alert(1)", children: [{ text: "x" }] }] },
          ],
        },
      },
    ]);
    const chat = await startTestChat(flow);
    expect(JSON.stringify(chat.outcome.response.messages)).not.toContain("javascript");
    expect(chat.outcome.response.messages.map((message) => message.id)).toEqual(["img", "txt"]);
  });
});
