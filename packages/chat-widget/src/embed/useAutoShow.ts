import { useEffect } from "react";
import type { EmbedStore } from "./embedStore";

/** Opens the popup or bubble by itself after `delay` milliseconds, when given. */
export function useAutoShow(store: EmbedStore, delay: number | undefined) {
  useEffect(() => {
    if (delay === undefined) return;
    const timer = setTimeout(() => store.set({ isOpen: true }), delay);
    return () => clearTimeout(timer);
  }, [delay, store]);
}
