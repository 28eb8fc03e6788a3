import { AppError } from "@parley/platform/errors";

export interface ResultsCursor {
  createdAt: Date;
  id: string;
}

/** Opaque keyset cursor (createdAt, id) of the last result of a page. */
export function encodeResultsCursor(cursor: ResultsCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString("base64url");
}

export function decodeResultsCursor(value: string): ResultsCursor {
  const [iso, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError("BAD_REQUEST", [
      { message: "Invalid cursor", path: ["cursor"], code: "INVALID_CURSOR" },
    ]);
  }
  return { createdAt, id };
}
