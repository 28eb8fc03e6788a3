import { describe, expect, it } from "vitest";
import {
  toTypebotStartResponse,
  toTypebotStream,
  toTypebotTurnResponse,
  typebotTheme,
} from "./typebotProtocol";

const viewer = "https://chat.example.com";

describe("Typebot's response shape", () => {
  it("renames bot to typebot with its schema version, its font served by the viewer, the rest as it is", () => {
    const shaped = toTypebotStartResponse(
      {
        sessionId: "s1",
        bot: { id: "b1", theme: { customCss: "p{}" }, settings: {}, publishedAt: null },
        messages: [],
        clientSideActions: [{ type: "wait", wait: { secondsToWaitFor: 1 }, lastBubbleBlockId: "m1" }],
        logs: [],
      },
      `${viewer}/`,
    );
    expect(shaped).toEqual({
      sessionId: "s1",
      typebot: {
        version: "6.1",
        id: "b1",
        theme: {
          customCss: "p{}",
          general: { font: { type: "Custom", family: "Inter", url: `${viewer}/fonts/inter.css` } },
        },
        settings: {},
        publishedAt: null,
      },
      messages: [],
      clientSideActions: [{ type: "wait", wait: { secondsToWaitFor: 1 }, lastBubbleBlockId: "m1" }],
      logs: [],
    });
  });

  it("keeps an author's areInitialSearchButtonsVisible and leaves other inputs alone", () => {
    const choice = { type: "choice input", options: { areInitialSearchButtonsVisible: false } };
    expect(toTypebotTurnResponse({ input: choice }).input).toEqual(choice);
    const textInput = { type: "text input", options: {} };
    expect(toTypebotTurnResponse({ input: textInput }).input).toEqual(textInput);
    expect(toTypebotTurnResponse({ input: { type: "picture choice input" } }).input).toEqual({
      type: "picture choice input",
      options: { areInitialSearchButtonsVisible: true },
    });
  });
});

describe("typebotTheme", () => {
  // Typebot's client loads a font named by family from a third party's CDN, and a Custom font from its URL.
  it("names an included font, as a string or a Google font, by the viewer's stylesheet", () => {
    const background = { type: "Color" as const, content: "#000000" };
    expect(typebotTheme({ general: { font: "open sans", background } }, viewer)).toEqual({
      general: {
        font: { type: "Custom", family: "Open Sans", url: `${viewer}/fonts/open-sans.css` },
        background,
      },
    });
    expect(
      typebotTheme({ general: { font: { type: "Google", family: "Lato" } } }, viewer).general?.font,
    ).toEqual({
      type: "Custom",
      family: "Lato",
      url: `${viewer}/fonts/lato.css`,
    });
    // No family: the default theme's, as our widget shows it.
    expect(typebotTheme({ general: { font: { type: "Google" } } }, viewer).general?.font).toEqual({
      type: "Custom",
      family: "Inter",
      url: `${viewer}/fonts/inter.css`,
    });
  });

  it("leaves an author's custom font and a Google family outside the included ones as they are", () => {
    const custom = {
      general: { font: { type: "Custom" as const, family: "Brand", url: "https://cdn.example.com/b.css" } },
    };
    expect(typebotTheme(custom, viewer)).toBe(custom);
    const other = { general: { font: { type: "Google" as const, family: "Comic Neue" } } };
    expect(typebotTheme(other, viewer)).toBe(other);
  });
});

describe("toTypebotStream", () => {
  it("frames each chunk of text as a `0:` line of the data stream, multi-byte characters whole", async () => {
    const bytes = new TextEncoder().encode('Héllo "world"\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // The é split between two chunks.
        controller.enqueue(bytes.slice(0, 2));
        controller.enqueue(bytes.slice(2));
        controller.close();
      },
    });
    const framed = toTypebotStream(new Response(body, { headers: { "content-type": "text/plain" } }));
    expect(framed.headers.get("x-vercel-ai-data-stream")).toBe("v1");
    const lines = (await framed.text()).split("\n").filter((line) => line !== "");
    expect(lines.every((line) => line.startsWith("0:"))).toBe(true);
    expect(lines.map((line) => JSON.parse(line.slice(2))).join("")).toBe('Héllo "world"\n');
  });

  it("passes an error answer through unchanged", async () => {
    const error = new Response('{"code":"BAD_REQUEST"}', { status: 400 });
    expect(toTypebotStream(error)).toBe(error);
  });
});
