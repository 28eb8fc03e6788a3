import { type RefObject, useEffect } from "react";
import type { EmbedStore } from "./embedStore";

/** While the embed is open, Escape closes it (and gives the focus to `focusAfter`, if any). */
export function useEscapeToClose(
  store: EmbedStore,
  isOpen: boolean,
  focusAfter?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      store.set({ isOpen: false });
      focusAfter?.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [isOpen, store, focusAfter]);
}
