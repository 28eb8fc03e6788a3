import { describe, expect, it } from "vitest";
import { MAX_CHANNEL_PICTURE_BYTES, toAgentChannelMessages } from "./deliverAgentReply";
import { toTelegramCalls } from "./telegram/toTelegramCalls";
import { toWhatsAppMessages } from "./whatsapp/toWhatsAppMessages";

const textBubble = (text: string) => ({
  id: "m1",
  type: "text" as const,
  content: { type: "richText" as const, richText: [{ type: "p", children: [{ text }] }] },
});
const file = (name: string, contentType: string, size: number) => ({
  name,
  contentType,
  size,
  url: `https://chat.example.com/api/v1/files/public/w/b/r/f1/${name}`,
});
const whatsApp = (reply: Parameters<typeof toAgentChannelMessages>[0]) =>
  toAgentChannelMessages(reply).flatMap((message) =>
    toWhatsAppMessages(message, { listButtonLabel: "Pick" }),
  );

describe("an agent's reply on a text channel", () => {
  it("the text first, then the file on its own: a picture, or a document with its name", () => {
    const photo = file("parcel.jpg", "image/jpeg", 2_000);
    expect(whatsApp({ text: textBubble("Your parcel"), attachment: photo })).toEqual([
      { type: "text", text: { body: "Your parcel" } },
      { type: "image", image: { link: photo.url } },
    ]);
    const invoice = file("invoice.pdf", "application/pdf", 2_000);
    expect(whatsApp({ text: null, attachment: invoice })).toEqual([
      { type: "document", document: { link: invoice.url, filename: "invoice.pdf" } },
    ]);
    expect(
      toAgentChannelMessages({ text: null, attachment: invoice }).flatMap((message) =>
        toTelegramCalls(message, "42"),
      ),
    ).toEqual([{ method: "sendDocument", body: { chat_id: "42", document: invoice.url } }]);
  });

  it("a picture over 5 MB, which neither platform fetches as a picture, goes as a document", () => {
    const large = file("poster.png", "image/png", MAX_CHANNEL_PICTURE_BYTES + 1);
    expect(whatsApp({ text: null, attachment: large })).toEqual([
      { type: "document", document: { link: large.url, filename: "poster.png" } },
    ]);
    expect(
      toAgentChannelMessages({ text: null, attachment: large }).flatMap((message) =>
        toTelegramCalls(message, "42"),
      ),
    ).toEqual([{ method: "sendDocument", body: { chat_id: "42", document: large.url } }]);
  });
});
