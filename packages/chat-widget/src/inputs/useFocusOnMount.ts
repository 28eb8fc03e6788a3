import { type RefObject, useEffect } from "react";

/**
 * Moves the focus to a new input so keyboard users can answer at once. Skipped on touch
 * screens, where focusing a field would pop the keyboard over the bot's messages.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const isTouch = typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches;
    if (!isTouch) ref.current?.focus({ preventScroll: true });
  }, [ref]);
}
