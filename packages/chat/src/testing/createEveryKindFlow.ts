// The flow of the channel rendering tests: every bubble kind, then every input kind, one after the other.
import type { TestFlow } from "./testFlow";
import { group, startEdge, startEvent } from "./testFlows";

/** The labels of the flow's choice items, in order (the tests read them back). */
export const colours = [
  "Red",
  "Green",
  "Blue",
  "Yellow",
  "Purple",
  "Orange",
  "Black",
  "White",
  "Grey",
  "Pink",
  "Brown",
  "Gold",
];
const choices = (prefix: string, count: number) =>
  colours.slice(0, count).map((label, index) => ({ id: `${prefix}-${index + 1}`, content: label }));
const pictures = [
  { id: "pic-cat", pictureSrc: "https://media.test/cat.png", title: "Cat", description: "Sleeps a lot" },
  { id: "pic-dog", pictureSrc: "https://media.test/dog.png", title: "Dog" },
];

/** A rich text bubble: marks, a link, a list, and characters HTML or WhatsApp would read as syntax. */
const richBubble = {
  id: "b-rich",
  type: "text",
  content: {
    richText: [
      {
        type: "p",
        children: [
          { text: "Hello " },
          { text: "dear friend", bold: true },
          { text: ", " },
          { text: "welcome", italic: true },
          { text: " to " },
          { text: "the old", strikethrough: true },
          { text: " our " },
          { type: "a", url: "https://shop.test/", children: [{ text: "shop" }] },
        ],
      },
      { type: "p", children: [{ text: "1 < 2 & *stars* stay" }] },
      {
        type: "ul",
        children: [
          { type: "li", children: [{ type: "lic", children: [{ text: "Fast" }] }] },
          { type: "li", children: [{ type: "lic", children: [{ text: "Cheap", bold: true }] }] },
        ],
      },
    ],
  },
};

export function createEveryKindFlow(): TestFlow {
  return {
    events: [startEvent],
    groups: [
      group(
        "g-1",
        [
          richBubble,
          { id: "b-image", type: "image", content: { url: "https://media.test/cat.png" } },
          { id: "b-video", type: "video", content: { url: "https://media.test/clip.mp4", type: "url" } },
          {
            id: "b-youtube",
            type: "video",
            content: { url: "https://youtu.be/abc", type: "youtube", id: "abc" },
          },
          { id: "b-audio", type: "audio", content: { url: "https://media.test/hello.mp3" } },
          { id: "b-embed", type: "embed", content: { url: "https://cal.test/book" } },
          {
            id: "i-text",
            type: "text input",
            options: { variableId: "v-name", labels: { placeholder: "Your name?" } },
          },
          { id: "i-number", type: "number input", options: { min: 1, max: 5 } },
          {
            id: "i-email",
            type: "email input",
            options: { retryMessageContent: "That is not an e-mail address" },
          },
          { id: "i-url", type: "url input" },
          { id: "i-phone", type: "phone number input", options: { defaultCountryCode: "FR" } },
          { id: "i-date", type: "date input" },
          { id: "i-time", type: "time input" },
          { id: "i-rating", type: "rating input", options: { startsAt: 1, length: 5 } },
          { id: "i-buttons", type: "choice input", items: choices("three", 3) },
          { id: "i-list", type: "choice input", items: choices("five", 5) },
          { id: "i-many", type: "choice input", items: choices("twelve", 12) },
          {
            id: "i-multiple",
            type: "choice input",
            items: choices("multi", 3),
            options: { isMultipleChoice: true, variableId: "v-colours" },
          },
          { id: "i-picture", type: "picture choice input", items: pictures },
          {
            id: "i-pictures",
            type: "picture choice input",
            items: pictures,
            options: { isMultipleChoice: true },
          },
          {
            id: "i-cards",
            type: "cards",
            items: [
              {
                id: "card-basic",
                title: "Basic",
                description: "For one team",
                imageUrl: "https://media.test/basic.png",
                paths: [
                  { id: "path-buy", text: "Buy" },
                  { id: "path-info", text: "Details" },
                ],
              },
              { id: "card-pro", title: "Pro", paths: [{ id: "path-call", text: "Call us" }] },
            ],
          },
          { id: "i-file", type: "file input", options: { isRequired: false } },
          {
            id: "b-bye",
            type: "text",
            content: { richText: [{ type: "p", children: [{ text: "Thanks {{Name}}: {{Colours}}" }] }] },
          },
        ],
        { title: "Everything" },
      ),
    ],
    edges: [startEdge("g-1")],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-colours", name: "Colours" },
    ],
    // Typing pauses (and Telegram's typing signal) are the subject of channelPacing.test.ts.
    settings: { messaging: { isEnabled: true }, typingEmulation: { enabled: false } },
  };
}
