import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const directories: string[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.resetModules();
  await Promise.all(
    directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

async function scratchDataDir() {
  const directory = await mkdtemp(path.join(tmpdir(), "parley-secret-"));
  directories.push(directory);
  return path.join(directory, ".data");
}

/** The launcher's module, read with this ENCRYPTION_SECRET (its environment is parsed on import). */
async function loadLauncher(secret: string | undefined) {
  vi.resetModules();
  vi.stubEnv("ENCRYPTION_SECRET", secret);
  return import("./encryptionSecret");
}

describe("ensureEncryptionSecret (npm start)", () => {
  it("generates a secret into DATA_DIR on the first start, readable by the owner only, then reuses it", async () => {
    const { ensureEncryptionSecret } = await loadLauncher(undefined);
    const dataDir = await scratchDataDir();
    const lines: string[] = [];
    const first = await ensureEncryptionSecret(dataDir, (line) => lines.push(line));
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, "encryption-secret");
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(lines).toEqual([
      expect.stringContaining(`Generated the credentials encryption secret in ${file}`),
    ]);
    expect(await ensureEncryptionSecret(dataDir, (line) => lines.push(line))).toBe(first);
    expect(lines).toHaveLength(1);
  });

  it("uses ENCRYPTION_SECRET when set and writes nothing", async () => {
    const secret = "operator-chosen-secret-0123456789abcdef";
    const { ensureEncryptionSecret } = await loadLauncher(secret);
    const dataDir = await scratchDataDir();
    expect(await ensureEncryptionSecret(dataDir, () => {})).toBe(secret);
    await expect(stat(path.join(dataDir, "encryption-secret"))).rejects.toThrow(/ENOENT/);
  });

  it("refuses to start on a damaged secret file instead of generating a new one", async () => {
    const { ensureEncryptionSecret } = await loadLauncher(undefined);
    const dataDir = await scratchDataDir();
    await ensureEncryptionSecret(dataDir, () => {});
    await writeFile(path.join(dataDir, "encryption-secret"), "short\n");
    await expect(ensureEncryptionSecret(dataDir, () => {})).rejects.toThrow(/holds no valid secret/);
  });
});
