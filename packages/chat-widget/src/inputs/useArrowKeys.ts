import type { KeyboardEvent } from "react";

/** Arrow keys (and Home/End) move the focus between the options of a choice list; returns the option focused. */
export function handleArrowKeys(
  event: KeyboardEvent<HTMLElement>,
  selector = "[data-option]",
): HTMLElement | undefined {
  const keys = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home", "End"];
  if (!keys.includes(event.key)) return undefined;
  const options = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(selector));
  if (options.length === 0) return undefined;
  const root = event.currentTarget.getRootNode();
  const focused = root instanceof Document || root instanceof ShadowRoot ? root.activeElement : null;
  const current = focused instanceof HTMLElement ? options.indexOf(focused) : -1;
  let next = current;
  if (event.key === "Home") next = 0;
  else if (event.key === "End") next = options.length - 1;
  else if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (current + 1) % options.length;
  else next = (current - 1 + options.length) % options.length;
  event.preventDefault();
  options[next]?.focus();
  return options[next];
}

/** Items whose text contains the search (case and accent insensitive). */
export function filterBySearch<T>(items: readonly T[], search: string, getText: (item: T) => string): T[] {
  const query = normalize(search);
  if (!query) return [...items];
  return items.filter((item) => normalize(getText(item)).includes(query));
}

function normalize(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}
