// Holds the product to the data-access rule (ARCHITECTURE.md, "Data access"): Prisma's model API by default;
// `$queryRaw`/`$executeRaw` tagged templates only in the packages that own the data (db, platform, api); the
// `…Unsafe` forms only in packages/db/src/queries; SQL on the chat pool only in packages/db. It parses the source
// with the TypeScript compiler (syntax only, no type checking).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Where raw statements on the Prisma client may be written. */
const rawSqlFolders = ["packages/db/src/", "packages/platform/src/", "packages/api/src/"];
/** Where the `…Unsafe` forms may be written: statement text shared with the pool's queries, values bound. */
const unsafeRawFolders = ["packages/db/src/queries/"];
/** Where SQL runs on a pg pool or client. */
const poolSqlFolders = ["packages/db/src/"];

/** Product source: the packages' and apps' src folders and scripts/, without tests and their helpers. */
function listProductFiles(): string[] {
  const skipped = [
    "node_modules",
    "generated",
    "testing",
    "fixtures",
    "conformance",
    "fuzz",
    ".next",
    "test",
  ];
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skipped.includes(entry.name)) walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(relative);
    }
  };
  for (const base of ["packages", "apps"])
    for (const entry of readdirSync(path.join(root, base), { withFileTypes: true }))
      if (entry.isDirectory()) walk(`${base}/${entry.name}/src`);
  walk("scripts");
  return files;
}

const statementStart =
  /^\s*(SELECT\s|INSERT\s+INTO\s|UPDATE\s+"|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\(|TRUNCATE\s)/;
const rawMethod = /^\$(queryRaw|executeRaw)(Unsafe)?$/;

function isIn(file: string, folders: string[]) {
  return folders.some((folder) => file.startsWith(folder));
}

/** `pool.query(`, `backend.pool.query(`, `client.query(`, `getPgPool().query(`: a query on pg's pool or client. */
function isPoolQuery(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "query") return false;
  const target = callee.expression;
  const name = ts.isPropertyAccessExpression(target)
    ? target.name.text
    : ts.isIdentifier(target)
      ? target.text
      : ts.isCallExpression(target)
        ? target.expression.getText()
        : "";
  return /^(pool|client|getPgPool|getLockPgPool|createPgPool)$/.test(name);
}

/** The name of the tag a template is given to (`$queryRaw`, `Prisma.sql`…), if any. */
function tagOf(node: ts.Node): string | null {
  const parent = node.parent;
  if (!parent || !ts.isTaggedTemplateExpression(parent)) return null;
  const tag = parent.tag;
  return ts.isPropertyAccessExpression(tag) ? tag.name.text : tag.getText();
}

/** Where `source` (the file `file`) breaks the rule, one line each. */
export function findDataAccessViolations(file: string, source: string): string[] {
  const found: string[] = [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node) =>
    `${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && rawMethod.test(node.name.text)) {
      const isUnsafe = node.name.text.endsWith("Unsafe");
      if (!isIn(file, rawSqlFolders))
        found.push(`${at(node)} ${node.name.text} outside db, platform and api`);
      else if (isUnsafe && !isIn(file, unsafeRawFolders))
        found.push(`${at(node)} ${node.name.text}: use the tagged template (values bound)`);
    }
    if (ts.isCallExpression(node) && isPoolQuery(node) && !isIn(file, poolSqlFolders))
      found.push(`${at(node)} a query on the pg pool outside packages/db`);
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text
          : null;
    if (text !== null && statementStart.test(text) && !isIn(file, poolSqlFolders)) {
      const tag = tagOf(node);
      const isRawTemplate = tag !== null && /^(\$queryRaw|\$executeRaw|sql)$/.test(tag);
      if (!isRawTemplate || !isIn(file, rawSqlFolders))
        found.push(`${at(node)} SQL text outside packages/db`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe("the data-access rule", () => {
  it("finds each kind of breach", () => {
    const chat = "packages/chat/src/x.ts";
    expect(findDataAccessViolations(chat, "await pool.query({ text, values });")).toHaveLength(1);
    expect(findDataAccessViolations(chat, "await getPgPool().query(sql);")).toHaveLength(1);
    expect(
      findDataAccessViolations(chat, 'const text = `DELETE FROM "RateLimit" WHERE key = $1`;'),
    ).toHaveLength(1);
    // The method and its SQL text.
    expect(findDataAccessViolations(chat, "await prisma.$queryRaw`SELECT 1`;")).toHaveLength(2);
    expect(findDataAccessViolations("packages/api/src/x.ts", "await prisma.$queryRaw`SELECT 1`;")).toEqual(
      [],
    );
    expect(findDataAccessViolations("packages/api/src/x.ts", "await db.$queryRawUnsafe(text);")).toHaveLength(
      1,
    );
    expect(findDataAccessViolations("packages/api/src/x.ts", 'const t = "SELECT 1";')).toHaveLength(1);
    expect(findDataAccessViolations("packages/db/src/queries/x.ts", "await pool.query(`SELECT 1`);")).toEqual(
      [],
    );
    // tRPC's client has a `query` too.
    expect(findDataAccessViolations(chat, "await client.bots.getBot.query({ botId });")).toEqual([]);
  });

  it("holds in every product file", () => {
    const found = listProductFiles().flatMap((file) =>
      findDataAccessViolations(file, readFileSync(path.join(root, file), "utf8")),
    );
    expect(found).toEqual([]);
  });
});
