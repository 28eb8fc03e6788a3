import { createId as createCuid } from "@paralleldrive/cuid2";

/** Ids of new groups, blocks, items, edges and variables (cuid2, like every record). */
export function createId(): string {
  return createCuid();
}
