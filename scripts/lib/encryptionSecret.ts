import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { launcherEnv } from "./launcherEnv";

/**
 * The credentials store's key material: ENCRYPTION_SECRET when set, else the one kept in
 * <DATA_DIR>/encryption-secret (mode 600), generated on the first start. Losing it makes stored
 * credentials unreadable, so the file lives next to the data it protects.
 */
export async function ensureEncryptionSecret(dataDir: string, log: (line: string) => void): Promise<string> {
  if (launcherEnv.ENCRYPTION_SECRET) return launcherEnv.ENCRYPTION_SECRET;
  const file = path.join(dataDir, "encryption-secret");
  if (existsSync(file)) {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= 32) return stored;
    throw new Error(
      `${file} holds no valid secret (at least 32 characters); restore it or set ENCRYPTION_SECRET`,
    );
  }
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  log(`Generated the credentials encryption secret in ${file} (back it up with the database).`);
  return secret;
}
