import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packagesDir = fileURLToPath(new URL("../../../", import.meta.url));

/** Source files of a package, tests left out. */
const listSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

const declaration = /^export\s+(?:declare\s+)?(?:type|interface|enum|class)\s+([A-Za-z_$][\w$]*)/gm;
const exportList = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;

/** Names of the types a package's source exports: declarations and names in export lists. */
export const getExportedTypeNames = (source: string): Set<string> => {
  const names = new Set<string>();
  for (const match of source.matchAll(declaration)) if (match[1]) names.add(match[1]);
  for (const match of source.matchAll(exportList)) {
    for (const part of (match[1] ?? "").split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .at(-1);
      if (name && /^[A-Z]/.test(name)) names.add(name);
    }
  }
  return names;
};

const getPackageTypeNames = (name: string): Set<string> =>
  new Set(
    listSources(join(packagesDir, name, "src")).flatMap((path) => [
      ...getExportedTypeNames(readFileSync(path, "utf8")),
    ]),
  );

describe("engine types", () => {
  it("reads export declarations and export lists, aliases included", () => {
    const names = getExportedTypeNames(
      "export interface A {}\nexport type B = 1;\nexport type { C, D as E } from './x';\nexport { type F, g };",
    );
    expect([...names].sort()).toEqual(["A", "B", "C", "E", "F"]);
  });

  it("declare no type the schemas package exports: the bot document and the chat contract are typed once", () => {
    const schemaTypes = getPackageTypeNames("schemas");
    const engineTypes = getPackageTypeNames("engine");
    expect(schemaTypes.size).toBeGreaterThan(100);
    expect(engineTypes.size).toBeGreaterThan(20);
    expect([...engineTypes].filter((name) => schemaTypes.has(name)).sort()).toEqual([]);
  });
});
