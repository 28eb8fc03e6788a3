// @parley/react: the three embeds as React components over @parley/js, and its commands. A
// component mounts its widget after render and removes it when unmounted; a change of its options
// mounts it anew (a new conversation), while new callback props are used without remounting.
import Parley, { type EmbedOptions, type ParleyCallbacks } from "@parley/js";
import { type RefObject, useEffect, useRef } from "react";
import type { BubbleProps, PopupProps, StandardProps } from "./types";

export {
  close,
  hidePreviewMessage,
  open,
  reload,
  sendCommand,
  setInputValue,
  setPrefilledVariables,
  showPreviewMessage,
  toggle,
  unmount,
} from "@parley/js";
export type * from "./types";

type Handlers = ParleyCallbacks & { onOpen?: () => void; onClose?: () => void };

let mountedCount = 0;

/** The widget's id for commands: the `id` prop, else one of its own (unmounting removes this one only). */
function useEmbedId(id: string | undefined): string {
  const own = useRef<string | null>(null);
  own.current ??= `parley-react-${++mountedCount}`;
  return id ?? own.current;
}

/** Callbacks that call the latest props' handlers. */
function latestHandlers(latest: RefObject<Handlers>): Handlers {
  return {
    onInit: () => latest.current.onInit?.(),
    onNewInputBlock: (input) => latest.current.onNewInputBlock?.(input),
    onAnswer: (answer) => latest.current.onAnswer?.(answer),
    onEnd: () => latest.current.onEnd?.(),
    onChatStatePersisted: (isPersisted) => latest.current.onChatStatePersisted?.(isPersisted),
    onNewLogs: (logs) => latest.current.onNewLogs?.(logs),
    onOpen: () => latest.current.onOpen?.(),
    onClose: () => latest.current.onClose?.(),
  };
}

/** Mounts a widget with `init` while the component is mounted; again when an option (not a callback) changes. */
function useEmbed<Options extends EmbedOptions & Handlers>(
  options: Options,
  init: (options: Options & { id: string }) => void,
): void {
  const id = useEmbedId(options.id);
  const latest = useRef<Handlers>(options);
  latest.current = options;
  // Functions are left out by JSON: a new handler alone does not remount.
  const settings = JSON.stringify(options);
  // biome-ignore lint/correctness/useExhaustiveDependencies: remount only when the id or an option's value changes
  useEffect(() => {
    init({ ...options, ...latestHandlers(latest), id });
    return () => Parley.unmount({ id });
  }, [id, settings]);
}

/** The chat filling this component's box. */
export function Standard({ style, className, ...options }: StandardProps) {
  const element = useRef<HTMLDivElement>(null);
  useEmbed(options, (mounted) => {
    if (element.current) Parley.initStandard({ ...mounted, element: element.current });
  });
  return <div ref={element} className={className} style={{ width: "100%", height: "100%", ...style }} />;
}

/** A chat window over the page (renders nothing in place). */
export function Popup(props: PopupProps) {
  useEmbed(props, Parley.initPopup);
  return null;
}

/** A chat bubble in a corner of the page (renders nothing in place). */
export function Bubble(props: BubbleProps) {
  useEmbed(props, Parley.initBubble);
  return null;
}
