// npx tsx scripts/countTypeAssertions.ts [--list]: the type assertions (`x as T`, `<T>x`; `as const` and
// `satisfies` aside) in product code — the packages' and apps' src folders and scripts/, tests and their
// helpers (testing/, fixtures/, conformance/, fuzz/) aside — per package, with the total.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { projectRoot } from "./lib/launcherEnv";

const skippedFolders = new Set([
  "node_modules",
  "generated",
  "testing",
  "fixtures",
  "conformance",
  "fuzz",
  ".next",
]);

function listFiles(folder: string, files: string[] = []): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) listFiles(full, files);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

function findAssertions(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    const isAs = ts.isAsExpression(node) && node.type.getText(source) !== "const";
    if (isAs || ts.isTypeAssertionExpression(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ line, text: node.getText(source).replace(/\s+/g, " ").slice(0, 100) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const roots = [
  ...["packages", "apps"].flatMap((base) =>
    readdirSync(path.join(projectRoot, base)).map((name) => path.join(base, name, "src")),
  ),
  "scripts",
];
const isListing = process.argv.includes("--list");
let total = 0;
for (const root of roots) {
  let count = 0;
  for (const file of listFiles(path.join(projectRoot, root))) {
    const assertions = findAssertions(file);
    count += assertions.length;
    if (isListing)
      for (const { line, text } of assertions)
        console.log(`${path.relative(projectRoot, file)}:${line}  ${text}`);
  }
  total += count;
  if (!isListing) console.log(`${root.padEnd(30)} ${count}`);
}
console.log(`${"total".padEnd(30)} ${total}`);
