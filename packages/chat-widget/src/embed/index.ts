import type { BubbleOptions, PopupOptions, StandardOptions } from "./embedTypes";
import { type MountedEmbed, mountEmbed } from "./mountEmbed";
import { readScriptTagOptions } from "./readScriptTagOptions";

// The viewer that served this file is the chat API host (read while the script runs).
const ownScript = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
const scriptSrc = ownScript?.src;
const defaultApiHost = scriptSrc ? new URL(scriptSrc).origin : window.location.origin;
const mounted: MountedEmbed[] = [];

function add(embed: MountedEmbed) {
  // Initialising the same id again replaces the previous widget.
  const existing = embed.id === undefined ? -1 : mounted.findIndex((other) => other.id === embed.id);
  if (existing >= 0) mounted.splice(existing, 1)[0]?.unmount();
  mounted.push(embed);
  return embed;
}

/** Runs a command on the widgets it addresses (all, or the one with the given id). */
function forTargets(options: { id?: string } | undefined, command: (embed: MountedEmbed) => void) {
  for (const embed of mounted.filter((other) => options?.id === undefined || other.id === options.id))
    command(embed);
}

/** `window.Parley`: mounts and drives chat widgets on any site. */
const Parley = {
  initStandard: (options: StandardOptions) => add(mountEmbed({ kind: "standard", options }, defaultApiHost)),
  initPopup: (options: PopupOptions) => add(mountEmbed({ kind: "popup", options }, defaultApiHost)),
  initBubble: (options: BubbleOptions) => add(mountEmbed({ kind: "bubble", options }, defaultApiHost)),
  open: (options?: { id?: string }) =>
    forTargets(options, (embed) => embed.store.set({ isOpen: true, isPreviewDismissed: true })),
  close: (options?: { id?: string }) =>
    forTargets(options, (embed) => {
      if (embed.kind !== "standard") embed.store.set({ isOpen: false });
    }),
  toggle: (options?: { id?: string }) =>
    forTargets(options, (embed) =>
      embed.store.set({ isOpen: !embed.store.get().isOpen, isPreviewDismissed: true }),
    ),
  /** Starts a new conversation (the remembered one is forgotten). */
  reload: (options?: { id?: string }) =>
    forTargets(options, (embed) => {
      for (const storage of [window.sessionStorage, window.localStorage]) {
        for (const key of Object.keys(storage)) if (key.startsWith("parley-chat:")) storage.removeItem(key);
      }
      embed.store.set({ generation: embed.store.get().generation + 1 });
    }),
  /** Variables given to the next conversation started (first open, or reload). */
  setPrefilledVariables: (variables: Record<string, string>, options?: { id?: string }) =>
    forTargets(options, (embed) =>
      embed.store.set({ prefilledVariables: { ...embed.store.get().prefilledVariables, ...variables } }),
    ),
  unmount: (options?: { id?: string }) =>
    forTargets(options, (embed) => {
      embed.unmount();
      mounted.splice(mounted.indexOf(embed), 1);
    }),
};

declare global {
  interface Window {
    Parley?: typeof Parley;
  }
}

window.Parley = Parley;

// `<script src=".../embed.js" data-parley-public-id=… data-parley-chat-key=… data-parley-mode=…>`
const fromTag = readScriptTagOptions(ownScript);
if (fromTag) {
  const start = () => {
    if (fromTag.mode === "popup") Parley.initPopup(fromTag.options);
    else if (fromTag.mode === "bubble") Parley.initBubble(fromTag.options);
    else Parley.initStandard(fromTag.options);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}
