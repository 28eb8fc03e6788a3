// Rewrites imports between workspace packages to each package's import style (ARCHITECTURE.md, "Import style"):
//
//   npx tsx scripts/fixImportStyle.ts           rewrite, then format the changed files with Biome
//   npx tsx scripts/fixImportStyle.ts --check   list what would change; exit 1 if anything would
//
// A "deep" package is imported from the module that declares each name (`@parley/platform/auth/apiTokens`); a
// "barrel" package from its root (`@parley/engine`), except through the entry points it declares. The compiler
// (type checker, no emit) finds which module declares each imported name and whether the root exports it.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface PackageStyle {
  /** The package's folder under packages/. */
  folder: string;
  style: "barrel" | "deep";
  /** Barrel packages: the subpaths imported as they are (globs end in `/*`). */
  entries?: string[];
}

/** One style per package; keep it in step with ARCHITECTURE.md and the noRestrictedImports rules of biome.json. */
const importStyles: Record<string, PackageStyle> = {
  "@parley/schemas": {
    folder: "schemas",
    style: "barrel",
    entries: ["text", "credentials", "management/*", "messaging/*", "bot/testing/*"],
  },
  "@parley/engine": { folder: "engine", style: "barrel", entries: ["testing"] },
  "@parley/db": {
    folder: "db",
    style: "barrel",
    entries: ["embedded", "ids", "migrate", "queries/*", "storedFlow"],
  },
  "@parley/platform": { folder: "platform", style: "deep" },
  "@parley/integrations": { folder: "integrations", style: "deep" },
  "@parley/chat": { folder: "chat", style: "deep" },
  "@parley/api": { folder: "api", style: "deep" },
  "@parley/chat-widget": {
    folder: "chat-widget",
    style: "barrel",
    entries: ["server", "embed", "embed/publicTypes", "build"],
  },
};

/**
 * The chat widget's embed bundle must not carry zod: it takes values from the schemas' zod-free modules by their own
 * path, and only types from the barrel.
 */
function takesValuesFromModules(importer: string, target: string) {
  return importer.startsWith("packages/chat-widget/") && target === "@parley/schemas";
}

function listSourceFiles(): string[] {
  const skipped = new Set([
    "node_modules",
    "generated",
    ".next",
    "dist",
    "test-results",
    "playwright-report",
  ]);
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name)) walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(relative);
    }
  };
  for (const base of ["packages", "apps"])
    for (const entry of readdirSync(path.join(root, base), { withFileTypes: true }))
      if (entry.isDirectory()) walk(`${base}/${entry.name}`);
  for (const folder of ["scripts", "bench", "e2e"]) walk(folder);
  return files;
}

function splitSpecifier(specifier: string): { target: string; subpath: string } | null {
  const match = /^(@parley\/[^/]+)(?:\/(.+))?$/.exec(specifier);
  if (!match?.[1] || !(match[1] in importStyles)) return null;
  return { target: match[1], subpath: match[2] ?? "" };
}

function isEntry(style: PackageStyle, subpath: string) {
  return (style.entries ?? []).some((entry) =>
    entry.endsWith("/*") ? subpath.startsWith(entry.slice(0, -1)) : subpath === entry,
  );
}

/** `@parley/x/<path>` of a source file of package `x`, or null when the file is not in its src folder. */
function deepSpecifierOf(target: string, file: string): string | null {
  const src = path.join(root, "packages", importStyles[target]?.folder ?? "", "src") + path.sep;
  if (!file.startsWith(src) || !/\.ts$/.test(file)) return null;
  return `${target}/${file.slice(src.length, -".ts".length).split(path.sep).join("/")}`;
}

/**
 * A deep package keeps no barrel: once no file names its root (nor its `src/index.ts` by a relative path), that
 * file goes and so does the `"."` entry of its package.json exports.
 */
function removeUnusedBarrels(files: string[]) {
  for (const [target, style] of Object.entries(importStyles)) {
    if (style.style !== "deep") continue;
    const barrel = path.join(root, "packages", style.folder, "src/index.ts");
    if (!existsSync(barrel)) continue;
    const naming = new RegExp(
      `(from|import\\(|mock\\()\\s*"(${target}|[./]*packages/${style.folder}/src/index(\\.ts)?)"`,
    );
    const named = files.filter(
      (file) => existsSync(path.join(root, file)) && naming.test(readFileSync(path.join(root, file), "utf8")),
    );
    if (named.length > 0) {
      console.log(`${target}'s barrel is kept: ${named.join(", ")} name it`);
      continue;
    }
    rmSync(barrel);
    const manifestPath = path.join(root, "packages", style.folder, "package.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    delete manifest.exports["."];
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`removed ${target}'s barrel (packages/${style.folder}/src/index.ts and its "." export)`);
  }
}

function main() {
  const check = process.argv.includes("--check");
  const config = ts.readConfigFile(path.join(root, "tsconfig.base.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  options.allowImportingTsExtensions = true;
  options.noEmit = true;
  const files = listSourceFiles();
  const program = ts.createProgram(
    files.map((file) => path.join(root, file)),
    options,
  );
  const checker = program.getTypeChecker();

  /** The module symbol of a package's root, for the names its barrel exports. */
  const barrelExports = new Map<string, Map<string, ts.Symbol>>();
  const exportsOfBarrel = (target: string, from: ts.SourceFile) => {
    const known = barrelExports.get(target);
    if (known) return known;
    const resolved = ts.resolveModuleName(target, from.fileName, options, ts.sys).resolvedModule;
    const barrel = resolved && program.getSourceFile(resolved.resolvedFileName);
    const symbol = barrel && checker.getSymbolAtLocation(barrel);
    const names = new Map<string, ts.Symbol>();
    if (symbol) for (const exported of checker.getExportsOfModule(symbol)) names.set(exported.name, exported);
    barrelExports.set(target, names);
    return names;
  };
  const original = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

  /** `const { a, b } = await import(<a deep package>)`: each declaring module takes the barrel's place. */
  const rewriteDynamicImports = (sourceFile: ts.SourceFile, file: string, notes: string[]) => {
    const edits: { start: number; end: number; text: string }[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const literal = node.arguments[0];
        const parsed = splitSpecifier(literal.text);
        const style = parsed && importStyles[parsed.target];
        if (
          parsed &&
          style?.style === "deep" &&
          parsed.subpath === "" &&
          !file.startsWith(`packages/${style.folder}/`)
        ) {
          const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          const declaration = ts.isAwaitExpression(node.parent) ? node.parent.parent : undefined;
          const moduleSymbol = checker.getSymbolAtLocation(literal);
          const byTarget = new Map<string | null, string[]>();
          if (
            declaration &&
            ts.isVariableDeclaration(declaration) &&
            ts.isObjectBindingPattern(declaration.name) &&
            moduleSymbol
          ) {
            const exported = new Map(
              checker.getExportsOfModule(moduleSymbol).map((symbol) => [symbol.name, symbol]),
            );
            for (const element of declaration.name.elements) {
              const name = (element.propertyName ?? element.name).getText(sourceFile);
              const symbol = exported.get(name);
              const found = symbol && original(symbol).declarations?.[0];
              const to = found ? deepSpecifierOf(parsed.target, found.getSourceFile().fileName) : null;
              byTarget.set(to, [...(byTarget.get(to) ?? []), element.getText(sourceFile)]);
            }
          }
          const statement = declaration?.parent?.parent;
          const [to] = byTarget.keys();
          if (byTarget.size === 1 && to) {
            edits.push({ start: literal.getStart(sourceFile), end: literal.getEnd(), text: `"${to}"` });
          } else if (
            byTarget.size > 1 &&
            !byTarget.has(null) &&
            statement &&
            ts.isVariableStatement(statement) &&
            statement.declarationList.declarations.length === 1
          ) {
            // One destructured import per declaring module.
            const keyword = statement.declarationList.flags & ts.NodeFlags.Const ? "const" : "let";
            edits.push({
              start: statement.getStart(sourceFile),
              end: statement.getEnd(),
              text: [...byTarget]
                .map(([module, names]) => `${keyword} { ${names.join(", ")} } = await import("${module}");`)
                .join("\n"),
            });
          } else
            notes.push(
              `${file}:${line} left as it is (a dynamic import not destructured from modules of ${parsed.target}): ${literal.text}`,
            );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    return edits;
  };

  const changed: string[] = [];
  const notes: string[] = [];
  for (const file of files) {
    const sourceFile = program.getSourceFile(path.join(root, file));
    if (!sourceFile) continue;
    const edits: { start: number; end: number; text: string }[] = [];
    for (const statement of sourceFile.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      const parsed = splitSpecifier(specifier);
      if (!parsed) continue;
      const style = importStyles[parsed.target];
      if (!style || file.startsWith(`packages/${style.folder}/`)) continue;
      const isBarrel = parsed.subpath === "";
      const valuesFromModules = takesValuesFromModules(file, parsed.target);
      const needsWork =
        style.style === "deep"
          ? isBarrel
          : (!isBarrel && !isEntry(style, parsed.subpath)) || valuesFromModules;
      if (!needsWork) continue;
      const clause = statement.importClause;
      const line = sourceFile.getLineAndCharacterOfPosition(statement.getStart()).line + 1;
      if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) {
        notes.push(`${file}:${line} left as it is (not a named import): ${specifier}`);
        continue;
      }
      const moduleSymbol = checker.getSymbolAtLocation(statement.moduleSpecifier);
      if (!moduleSymbol) {
        notes.push(`${file}:${line} does not resolve: ${specifier}`);
        continue;
      }
      const exported = new Map(
        checker.getExportsOfModule(moduleSymbol).map((symbol) => [symbol.name, symbol]),
      );
      const groups = new Map<string, string[]>();
      for (const element of clause.namedBindings.elements) {
        const importedName = (element.propertyName ?? element.name).text;
        const symbol = exported.get(importedName);
        const isType = clause.isTypeOnly || element.isTypeOnly;
        let to = specifier;
        if (symbol) {
          const declaration = original(symbol).declarations?.[0];
          const declaringModule =
            declaration && deepSpecifierOf(parsed.target, declaration.getSourceFile().fileName);
          const inBarrel = exportsOfBarrel(parsed.target, sourceFile).get(importedName);
          const isSameInBarrel = inBarrel !== undefined && original(inBarrel) === original(symbol);
          if (style.style === "deep" || (valuesFromModules && !isType)) {
            if (declaringModule) to = declaringModule;
            else notes.push(`${file}:${line} ${importedName}: no module of ${parsed.target} declares it`);
          } else if (isSameInBarrel) to = parsed.target;
          else notes.push(`${file}:${line} ${importedName}: ${parsed.target}'s barrel does not export it`);
        } else notes.push(`${file}:${line} ${importedName}: not exported by ${specifier}`);
        const text = `${element.isTypeOnly && !clause.isTypeOnly ? "type " : ""}${element
          .getText(sourceFile)
          .replace(/^type\s+/, "")}`;
        groups.set(to, [...(groups.get(to) ?? []), text]);
      }
      if (groups.size === 1 && groups.has(specifier)) continue;
      const keyword = clause.isTypeOnly ? "import type" : "import";
      edits.push({
        start: statement.getStart(sourceFile),
        end: statement.getEnd(),
        text: [...groups].map(([to, names]) => `${keyword} { ${names.join(", ")} } from "${to}";`).join("\n"),
      });
    }
    edits.push(...rewriteDynamicImports(sourceFile, file, notes));
    if (edits.length === 0) continue;
    changed.push(file);
    if (check) continue;
    let text = sourceFile.getFullText();
    for (const edit of edits.sort((a, b) => b.start - a.start))
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
    writeFileSync(path.join(root, file), text);
  }

  for (const note of notes) console.log(`note: ${note}`);
  console.log(`${changed.length} file(s) ${check ? "to rewrite" : "rewritten"}${changed.length ? ":" : ""}`);
  for (const file of changed) console.log(`  ${file}`);
  if (check) {
    process.exitCode = changed.length > 0 ? 1 : 0;
    return;
  }
  removeUnusedBarrels(files);
  if (changed.length > 0)
    execFileSync(path.join(root, "node_modules/.bin/biome"), ["check", "--write", ...changed], {
      cwd: root,
      stdio: "inherit",
    });
}

main();
