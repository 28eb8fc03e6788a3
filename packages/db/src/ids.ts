import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const ID_LENGTH = 24;
const POOL_SIZE = 8192;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

/** A uniform random index below `size` (rejection sampling over pooled random bytes). */
function randomIndex(size: number): number {
  const limit = 256 - (256 % size);
  for (;;) {
    if (offset === POOL_SIZE) {
      randomFillSync(pool);
      offset = 0;
    }
    const byte = pool[offset++] ?? 0;
    if (byte < limit) return byte % size;
  }
}

/**
 * Identifiers of every record (decisions.md: cuid2 strings): 24 characters, a letter then 23 of
 * [0-9a-z], as cuid2 makes them, carrying 119 random bits from the system CSPRNG. Drawn from a
 * pooled buffer: the cuid2 package hashes every id with SHA-3 and big-number arithmetic, about
 * 0.3 ms each, which was half the CPU of a chat turn.
 */
export function createId(): string {
  let id = ALPHABET[10 + randomIndex(26)] ?? "a";
  for (let index = 1; index < ID_LENGTH; index++) id += ALPHABET[randomIndex(36)];
  return id;
}
