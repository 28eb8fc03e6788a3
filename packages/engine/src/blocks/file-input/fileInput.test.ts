import { describe, expect, it } from "vitest";
import { createFlow, getMessageTexts, startTestChat, textBlock } from "../../testing";
import { isAllowedFileUrl } from "./isAllowedFileUrl";

const flow = (options: Record<string, unknown>) =>
  createFlow({
    variables: [{ id: "v-file", name: "File" }],
    groups: [
      {
        id: "g",
        title: "Upload",
        blocks: [
          { id: "q", type: "file input", options: { variableId: "v-file", ...options } },
          textBlock("t", "File: {{File}}"),
        ],
      },
    ],
  });

describe("file input", () => {
  it("keeps the first URL in single mode", async () => {
    const chat = await startTestChat(flow({}));
    const next = await chat.send("https://f.test/a.pdf, https://f.test/b.pdf");
    expect(getMessageTexts(next)).toEqual(["File: https://f.test/a.pdf"]);
    expect(next.newAnswers[0]?.attachedFileUrls).toEqual(["https://f.test/a.pdf"]);
  });

  it("keeps every URL when multiple files are allowed, from attachedFileUrls too", async () => {
    const chat = await startTestChat(flow({ isMultipleAllowed: true }));
    const next = await chat.send({
      type: "text",
      text: "",
      attachedFileUrls: ["https://f.test/a.png", "https://f.test/b.png"],
    });
    expect(getMessageTexts(next)).toEqual(["File: https://f.test/a.png, https://f.test/b.png"]);
  });

  it("refuses non-URLs and files of types not allowed", async () => {
    const chat = await startTestChat(
      flow({ allowedFileTypes: { isEnabled: true, types: ["image/*", ".pdf"] } }),
    );
    expect((await chat.send("hello")).newAnswers).toEqual([]);
    expect((await chat.send("https://f.test/a.exe")).newAnswers).toEqual([]);
    expect(getMessageTexts(await chat.send("https://f.test/photo.JPG"))).toEqual([
      "File: https://f.test/photo.JPG",
    ]);
  });

  it("skips an optional upload with the skip label or no message, and insists on a required one", async () => {
    const optional = await startTestChat(flow({ isRequired: false }));
    const skipped = await optional.send("Skip");
    expect(getMessageTexts(skipped)).toEqual(["File: "]);
    expect(skipped.isCompleted).toBe(true);
    expect(skipped.newAnswers).toEqual([]);
    const required = await startTestChat(flow({}));
    expect((await required.send("Skip")).response.input?.id).toBe("q");
  });

  it("matches allowed types by extension, family and MIME type", () => {
    expect(isAllowedFileUrl("https://x.test/a.jpeg", ["image/jpeg"])).toBe(true);
    expect(
      isAllowedFileUrl("https://x.test/a.docx", [
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ]),
    ).toBe(true);
    expect(isAllowedFileUrl("https://x.test/a.mp3", ["video/*"])).toBe(false);
    expect(isAllowedFileUrl("https://x.test/noext", ["pdf"])).toBe(false);
  });
});
