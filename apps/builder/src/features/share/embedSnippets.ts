/** What every embed snippet needs: where the viewer is and which bot, with its chat key. */
export interface EmbedTarget {
  viewerUrl: string;
  publicId: string;
  chatKey: string;
}

export interface InlineOptions {
  /** CSS height of the chat box, e.g. "600px". */
  height: string;
}
export interface PopupOptions {
  /** Seconds before the popup opens by itself; null: only `Parley.open()` opens it. */
  autoShowDelaySeconds: number | null;
}
export interface BubbleOptions {
  previewMessage: string;
  buttonColor: string;
  placement: "left" | "right";
}

const scriptTag = (viewerUrl: string) => `<script src="${stripSlash(viewerUrl)}/embed.js"></script>`;
const stripSlash = (url: string) => url.replace(/\/+$/, "");
// `<` escaped so a value cannot close the <script> element it sits in.
const js = (value: string) => JSON.stringify(value).replace(/</g, "\\u003c");
const botOptions = ({ publicId, chatKey }: EmbedTarget) =>
  `publicId: ${js(publicId)}, chatKey: ${js(chatKey)}`;

/** The chat filling a box of the page (`Parley.initStandard`). */
export function getInlineSnippet(target: EmbedTarget, { height }: InlineOptions): string {
  return [
    `<div id="parley-chat" style="width: 100%; height: ${height.replace(/[^\w.%]/g, "")}"></div>`,
    scriptTag(target.viewerUrl),
    "<script>",
    `  Parley.initStandard({ ${botOptions(target)}, element: "#parley-chat" });`,
    "</script>",
  ].join("\n");
}

/** The chat in a modal window (`Parley.initPopup`); opens after a delay or on `Parley.open()`. */
export function getPopupSnippet(target: EmbedTarget, { autoShowDelaySeconds }: PopupOptions): string {
  const delay =
    autoShowDelaySeconds === null
      ? ""
      : `, autoShowDelay: ${Math.round(Math.max(0, autoShowDelaySeconds) * 1000)}`;
  return [
    scriptTag(target.viewerUrl),
    "<script>",
    `  Parley.initPopup({ ${botOptions(target)}${delay} });`,
    "  // Open it from a button of your page: Parley.open();",
    "</script>",
  ].join("\n");
}

/** A floating button in a corner that opens the chat (`Parley.initBubble`). */
export function getBubbleSnippet(target: EmbedTarget, options: BubbleOptions): string {
  const lines = [
    scriptTag(target.viewerUrl),
    "<script>",
    "  Parley.initBubble({",
    `    publicId: ${js(target.publicId)},`,
    `    chatKey: ${js(target.chatKey)},`,
  ];
  if (options.placement === "left") lines.push(`    placement: "left",`);
  if (options.previewMessage.trim())
    lines.push(`    previewMessage: { message: ${js(options.previewMessage.trim())}, autoShowDelay: 5000 },`);
  lines.push(
    `    bubbleTheme: { button: { backgroundColor: ${js(options.buttonColor)}, iconColor: "#FFFFFF" } },`,
    "  });",
    "</script>",
  );
  return lines.join("\n");
}
