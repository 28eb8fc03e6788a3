import { createId as createCuid } from "@paralleldrive/cuid2";

/** Identifiers of every record are cuid2 strings (decisions.md). */
export function createId(): string {
  return createCuid();
}
