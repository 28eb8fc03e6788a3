export type {
  BubbleOptions,
  CommandTarget,
  EmbedOptions,
  ParleyApi,
  ParleyCallbacks,
  PopupOptions,
  PreviewMessage,
  StandardOptions,
} from "./publicTypes";

declare module "react" {
  interface CSSProperties {
    /** The embeds' custom properties (`--parley-…`), set inline and read by their style sheet. */
    [variable: `--parley-${string}`]: string | number | undefined;
  }
}
