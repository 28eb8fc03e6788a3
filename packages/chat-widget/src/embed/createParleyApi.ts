import { forgetRememberedChat } from "../session/rememberUser";
import { type MountedEmbed, mountEmbed } from "./mountEmbed";
import type { CommandTarget, EmbedOptions, ParleyApi } from "./publicTypes";

/**
 * The host-page API over the widgets it mounts: `window.Parley` of `/embed.js` (API host: the
 * script's own origin) and the default export of `@parley/js` (no default: each embed names its
 * `apiHost`). Commands address every widget, or the one initialised with `{ id }`.
 */
export function createParleyApi({ defaultApiHost }: { defaultApiHost?: string } = {}): ParleyApi {
  const mounted: MountedEmbed[] = [];

  function apiHostOf(options: EmbedOptions): string {
    const apiHost = options.apiHost ?? defaultApiHost;
    if (!apiHost)
      throw new Error(
        'Parley: give `apiHost`, the origin of your Parley viewer (e.g. "https://chat.example.com")',
      );
    return apiHost;
  }

  function add(embed: MountedEmbed) {
    // Initialising the same id again replaces the previous widget.
    const existing = embed.id === undefined ? -1 : mounted.findIndex((other) => other.id === embed.id);
    if (existing >= 0) mounted.splice(existing, 1)[0]?.unmount();
    mounted.push(embed);
  }

  function forTargets(target: CommandTarget | undefined, command: (embed: MountedEmbed) => void) {
    for (const embed of mounted.filter((other) => target?.id === undefined || other.id === target.id))
      command(embed);
  }

  return {
    initStandard: (options) => add(mountEmbed({ kind: "standard", options }, apiHostOf(options))),
    initPopup: (options) => add(mountEmbed({ kind: "popup", options }, apiHostOf(options))),
    initBubble: (options) => add(mountEmbed({ kind: "bubble", options }, apiHostOf(options))),
    open: (target) =>
      forTargets(target, (embed) => embed.store.set({ isOpen: true, isPreviewDismissed: true })),
    close: (target) =>
      forTargets(target, (embed) => {
        if (embed.kind !== "standard") embed.store.set({ isOpen: false });
      }),
    toggle: (target) =>
      forTargets(target, (embed) => {
        if (embed.kind !== "standard")
          embed.store.set({ isOpen: !embed.store.get().isOpen, isPreviewDismissed: true });
      }),
    reload: (target) =>
      forTargets(target, (embed) => {
        // A new conversation: the one this bot remembered in the browser is forgotten.
        forgetRememberedChat(embed.publicId);
        embed.store.set({ generation: embed.store.get().generation + 1 });
      }),
    setPrefilledVariables: (variables, target) =>
      forTargets(target, (embed) =>
        embed.store.set({ prefilledVariables: { ...embed.store.get().prefilledVariables, ...variables } }),
      ),
    setInputValue: (value, target) =>
      forTargets(target, (embed) => embed.store.controller?.setInputValue(value)),
    sendCommand: (command, target) =>
      forTargets(target, (embed) => void embed.store.controller?.sendCommand(command)),
    showPreviewMessage: (previewMessage, target) =>
      forTargets(target, (embed) => {
        if (embed.kind !== "bubble" || embed.store.get().isOpen) return;
        embed.store.set({
          isPreviewForced: true,
          isPreviewDismissed: false,
          ...(previewMessage ? { previewMessage } : {}),
        });
      }),
    hidePreviewMessage: (target) =>
      forTargets(target, (embed) => embed.store.set({ isPreviewForced: false, isPreviewDismissed: true })),
    unmount: (target) =>
      forTargets(target, (embed) => {
        embed.unmount();
        mounted.splice(mounted.indexOf(embed), 1);
      }),
  };
}
