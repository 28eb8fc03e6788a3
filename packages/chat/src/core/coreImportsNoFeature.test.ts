import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The core (this folder) is what every feature builds on: it imports nothing else of the package, so a
// feature can be added or removed without touching it (features add endpoints and runtime slices).
const coreDir = import.meta.dirname;

function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSourceFiles(entryPath);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [entryPath] : [];
  });
}

/** Every module a file names: static imports and re-exports, and dynamic imports. */
function listSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? "");
}

describe("packages/chat/src/core", () => {
  it("imports no feature folder, and nothing of the package outside itself", () => {
    const outside = listSourceFiles(coreDir).flatMap((file) =>
      listSpecifiers(readFileSync(file, "utf8"))
        .filter((specifier) => {
          if (specifier.startsWith("@parley/chat")) return true;
          if (!specifier.startsWith(".")) return false;
          const target = path.resolve(path.dirname(file), specifier);
          return path.relative(coreDir, target).startsWith("..");
        })
        .map((specifier) => `${path.relative(coreDir, file)} imports ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it("finds the core's imports (the check reads real files)", () => {
    const files = listSourceFiles(coreDir);
    expect(files.length).toBeGreaterThan(20);
    expect(
      files.some((file) => listSpecifiers(readFileSync(file, "utf8")).some((s) => s.startsWith("../"))),
    ).toBe(true);
  });
});
