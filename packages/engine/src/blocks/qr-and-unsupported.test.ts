import { toDataURL } from "qrcode";
import { describe, expect, it } from "vitest";
import type { DraftBlock } from "../testing";
import { createSingleGroupFlow, startTestChat } from "../testing";

const variables = [
  { id: "name", name: "Name", value: "Ada" },
  { id: "image", name: "Image" },
];
const single = (...blocks: DraftBlock[]) =>
  createSingleGroupFlow([...blocks, { id: "ask", type: "text input", options: {} }], variables);

describe("QR code block", () => {
  it("saves a PNG data URL of the data, variables replaced, and goes on", async () => {
    const chat = await startTestChat(
      single({
        id: "qr",
        type: "qr-code",
        options: {
          action: "Generate a QR Code",
          data: "https://example.com/{{Name}}",
          saveUrlInVariableId: "image",
        },
      }),
    );
    const image = chat.outcome.result.variables.find((variable) => variable.id === "image")?.value;
    expect(image).toBe(await toDataURL("https://example.com/Ada", { type: "image/png", margin: 2 }));
    const png = Buffer.from(String(image).replace(/^data:image\/png;base64,/, ""), "base64");
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(chat.outcome.response.logs).toEqual([]);
    expect(chat.outcome.response.input?.id).toBe("ask");
  });

  it("logs a missing data or variable, and data too long for a QR code, and goes on", async () => {
    for (const [options, description] of [
      [{ saveUrlInVariableId: "image" }, "The QR code has no data to encode; skipped"],
      [{ data: "hello" }, "The QR code has no variable to save its image in; skipped"],
      [
        { data: "hello", saveUrlInVariableId: "deleted" },
        "The QR code has no variable to save its image in; skipped",
      ],
      [{ data: "x".repeat(5000), saveUrlInVariableId: "image" }, "The QR code could not be generated"],
    ] as const) {
      const chat = await startTestChat(single({ id: "qr", type: "qr-code", options }));
      expect(chat.outcome.response.logs).toMatchObject([{ status: "error", description, context: "qr" }]);
      expect(chat.outcome.response.input?.id).toBe("ask");
    }
  });
});

describe("Unsupported block", () => {
  it("is skipped with a log line naming its type; the flow goes on along its edge", async () => {
    const chat = await startTestChat(
      single({
        id: "u",
        type: "unsupported",
        options: { blockType: "elevenlabs", block: { type: "elevenlabs", options: { text: "Hi" } } },
      }),
    );
    expect(chat.outcome.response.logs).toEqual([
      expect.objectContaining({
        status: "error",
        description: "Not supported yet: elevenlabs; the block was skipped",
        context: "u",
      }),
    ]);
    expect(chat.outcome.response.input?.id).toBe("ask");
  });
});
