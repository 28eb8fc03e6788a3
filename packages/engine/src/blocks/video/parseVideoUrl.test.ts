import { describe, expect, it } from "vitest";
import { parseVideoUrl } from "./parseVideoUrl";

describe("parseVideoUrl", () => {
  it.each([
    [
      "https://www.youtube.com/watch?v=abc123&t=90",
      { type: "youtube", id: "abc123", queryParamsStr: "start=90" },
    ],
    ["https://youtu.be/xyz?t=1m30s", { type: "youtube", id: "xyz", queryParamsStr: "start=90" }],
    ["https://youtube.com/shorts/short1", { type: "youtube", id: "short1", suggestedAspectRatio: "9/16" }],
    ["https://www.youtube.com/embed/emb1", { type: "youtube", id: "emb1" }],
    ["https://vimeo.com/123456", { type: "vimeo", id: "123456" }],
    ["https://player.vimeo.com/video/987", { type: "vimeo", id: "987" }],
    [
      "https://www.tiktok.com/@someone/video/7123",
      { type: "tiktok", id: "7123", suggestedAspectRatio: "9/16" },
    ],
    ["https://play.gumlet.io/embed/gum1", { type: "gumlet", id: "gum1" }],
    ["https://cdn.test/video.mp4", { type: "url", url: "https://cdn.test/video.mp4" }],
    ["not a url", { type: "url", url: "not a url" }],
  ])("%s", (url, expected) => {
    expect(parseVideoUrl(url)).toMatchObject(expected);
  });

  it("turns a OneDrive embed link into a download link", () => {
    expect(parseVideoUrl("https://onedrive.live.com/embed?resid=1&authkey=2")).toEqual({
      type: "url",
      url: "https://onedrive.live.com/download?resid=1&authkey=2",
    });
  });
});
