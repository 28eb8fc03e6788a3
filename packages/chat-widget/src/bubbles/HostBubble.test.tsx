// @vitest-environment jsdom
import type { ChatBubble } from "@parley/schemas";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { HostBubble } from "./HostBubble";

afterEach(cleanup);

function show(bubble: ChatBubble, isTyping = false) {
  const replies: string[] = [];
  render(
    <HostBubble
      bubble={bubble}
      isTyping={isTyping}
      isAwaitingReply={false}
      isPreview={true}
      onReply={(text) => replies.push(text)}
    />,
  );
  return replies;
}

describe("HostBubble", () => {
  it("shows a text bubble in the format it came in", () => {
    show({ id: "b1", type: "text", content: { type: "markdown", markdown: "Hello **there**" } });
    expect(screen.getByTestId("host-bubble").textContent).toBe("Hello there");
    expect(screen.getByText("there").tagName).toBe("STRONG");
  });

  it("shows an AI agent's sources under its answer, numbered, linked when they have a safe URL", () => {
    show({
      id: "b1",
      type: "text",
      content: { type: "markdown", markdown: "Free returns [1], shipped in 2 days [2]." },
      sources: [
        { id: "s1", name: "Returns policy" },
        { id: "s2", name: "Shipping", url: "https://help.test/shipping" },
        { id: "s3", name: "Bad link", url: "javascript:alert(1)" },
      ],
    });
    const list = screen.getByRole("region", { name: "Sources" });
    const items = [...list.querySelectorAll("ol > li")];
    expect(items.map((item) => item.textContent)).toEqual(["Returns policy", "Shipping", "Bad link"]);
    expect(items[1]?.querySelector("a")?.getAttribute("href")).toBe("https://help.test/shipping");
    expect(items[1]?.querySelector("a")?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(items[2]?.querySelector("a")).toBeNull();
    cleanup();
    show({ id: "b2", type: "text", content: { type: "markdown", markdown: "No sources" } });
    expect(screen.queryByRole("region", { name: "Sources" })).toBeNull();
  });

  it("shows an image, linked when the author set a link, once it has loaded", () => {
    show({
      id: "b1",
      type: "image",
      content: { url: "https://img.test/a.png", clickLink: { url: "https://site.test/", alt: "A cat" } },
    });
    const image = screen.getByAltText("A cat");
    expect(image.getAttribute("src")).toBe("https://img.test/a.png");
    expect(image.closest("a")?.getAttribute("href")).toBe("https://site.test/");
    const placeholder = () => screen.getByTestId("host-bubble").querySelector(".parley-image-placeholder");
    expect(placeholder()).not.toBeNull();
    fireEvent.load(image);
    expect(placeholder()).toBeNull();
  });

  it("plays a video from its host's player and an audio file in a player", () => {
    show({ id: "b1", type: "video", content: { type: "youtube", id: "dQw4w9WgXcQ" } });
    expect(screen.getByTitle("Video").getAttribute("src")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    cleanup();
    show({ id: "b2", type: "audio", content: { url: "https://cdn.test/a.mp3", isAutoplayEnabled: false } });
    const audio = screen.getByTestId("host-bubble").querySelector("audio");
    expect(audio?.getAttribute("src")).toBe("https://cdn.test/a.mp3");
    expect(audio?.autoplay).toBe(false);
  });

  it("embeds a page, and in the preview shows a plug-in's page instead of running its code", () => {
    show({ id: "b1", type: "embed", content: { url: "https://page.test/", height: 300 } });
    expect(screen.getByTitle("Embedded content").getAttribute("style")).toContain("height: 300px");
    cleanup();
    show({
      id: "b2",
      type: "custom-embed",
      content: {
        url: "https://plugin.test/",
        initFunction: { args: {}, content: "throw new Error('must not run in the preview')" },
        waitForEventFunction: null,
      },
    });
    expect(screen.getByTitle("Embedded content").getAttribute("src")).toBe("https://plugin.test/");
  });

  it("shows the typing dots instead of the message while it is being typed", () => {
    show({ id: "b1", type: "text", content: { type: "markdown", markdown: "Hello" } }, true);
    expect(screen.queryByText("Hello")).toBeNull();
    expect(screen.queryByTestId("host-bubble")).toBeNull();
  });
});
