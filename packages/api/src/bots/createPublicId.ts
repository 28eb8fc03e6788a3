import { randomInt } from "node:crypto";
import type { Database } from "@parley/db";
import { AppError } from "@parley/platform/errors";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function randomSuffix(length: number) {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/** `[a-z0-9-]` slug of a name, at most 50 characters, "bot" when nothing is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  return slug || "bot";
}

/** The default publicId: the name's slug and a short random suffix, unique across the install. */
export async function createPublicId(prisma: Database, name: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = `${slugify(name)}-${randomSuffix(attempt < 3 ? 6 : 10)}`;
    const taken = await prisma.bot.findUnique({ where: { publicId: candidate }, select: { id: true } });
    if (!taken) return candidate;
  }
  throw new AppError("INTERNAL_SERVER_ERROR");
}

/** A chosen publicId must not be used by another bot. */
export async function assertPublicIdAvailable(
  prisma: Database,
  publicId: string,
  { botId, path }: { botId?: string; path: (string | number)[] },
) {
  const owner = await prisma.bot.findUnique({ where: { publicId }, select: { id: true } });
  if (owner && owner.id !== botId) {
    throw new AppError("BAD_REQUEST", [
      { message: "This public id is already used", path, code: "PUBLIC_ID_TAKEN" },
    ]);
  }
}
