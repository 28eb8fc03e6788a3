import { describe, expect, it } from "vitest";
import { getVideoSource } from "./getVideoSource";

describe("getVideoSource", () => {
  it("embeds known hosts from their id", () => {
    expect(getVideoSource({ type: "youtube", id: "dQw4w9WgXcQ", queryParamsStr: "start=10" })).toEqual({
      kind: "iframe",
      src: "https://www.youtube.com/embed/dQw4w9WgXcQ?start=10",
      isPortrait: false,
    });
    expect(getVideoSource({ type: "vimeo", id: "123" }).kind).toBe("iframe");
    expect(getVideoSource({ type: "tiktok", id: "7123" })).toMatchObject({ isPortrait: true });
    expect(getVideoSource({ type: "gumlet", id: "abc" })).toMatchObject({
      src: "https://play.gumlet.io/embed/abc",
    });
  });

  it("recognises host URLs and plays other URLs as files", () => {
    expect(getVideoSource({ type: "url", url: "https://youtu.be/dQw4w9WgXcQ" })).toMatchObject({
      src: "https://www.youtube.com/embed/dQw4w9WgXcQ",
    });
    expect(getVideoSource({ type: "url", url: "https://cdn.example.com/a.mp4" })).toEqual({
      kind: "file",
      src: "https://cdn.example.com/a.mp4",
    });
  });

  it("refuses ids that would break out of the path and unsafe URLs", () => {
    expect(getVideoSource({ type: "youtube", id: "../../evil" }).kind).toBe("none");
    expect(getVideoSource({ type: "url", url: "javascript:alert(1)" }).kind).toBe("none");
  });
});
