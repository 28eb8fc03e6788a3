// Holds the product to the rule of storedFlow.ts: no file but that module names the six flow columns of
// `Bot` and `PublishedBot` in a database read or write. It reads the source as text: Prisma calls on the
// two models (their argument, nested selects included), `select` objects of flow columns, and SQL that
// names either table.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { storedFlowParts } from "./storedFlow";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
// The module, and the schemas' list of the document's parts that it takes its column names from.
const owners = ["packages/db/src/storedFlow.ts", "packages/schemas/src/bot/bot.ts"];
const parts = storedFlowParts.join("|");

/** Product source: the packages' and apps' src folders and scripts/, without tests and their helpers. */
function listProductFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (
          !["node_modules", "generated", "testing", "fixtures", "conformance", "fuzz", ".next"].includes(
            entry.name,
          )
        )
          walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(relative);
    }
  };
  for (const base of ["packages", "apps"])
    for (const entry of readdirSync(path.join(root, base), { withFileTypes: true }))
      if (entry.isDirectory()) walk(`${base}/${entry.name}/src`);
  walk("scripts");
  return files;
}

/** The text between the parenthesis at `open` and its match. */
function argumentAt(source: string, open: number): string {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    if (source[index] === "(") depth++;
    else if (source[index] === ")" && --depth === 0) return source.slice(open, index + 1);
  }
  return source.slice(open);
}

/** Where `source` names a flow column in a read or write of `Bot` / `PublishedBot`. */
export function findFlowColumnAccess(source: string): string[] {
  const found: string[] = [];
  const flowKey = new RegExp(`\\b(${parts})\\s*:`, "g");
  // Prisma calls on the two models: their whole argument (select, data, nested relations).
  for (const call of source.matchAll(/\.(bot|publishedBot)\.(\w+)\(/g)) {
    const argument = argumentAt(source, (call.index ?? 0) + call[0].length - 1);
    for (const key of argument.matchAll(flowKey)) found.push(`${call[1]}.${call[2]}(… ${key[1]}: …)`);
  }
  // A select object of flow columns kept in a constant, or nested under `publishedBot`.
  for (const select of source.matchAll(new RegExp(`\\b(${parts})\\s*:\\s*true\\b`, "g"))) {
    const before = source.slice(Math.max(0, (select.index ?? 0) - 300), select.index);
    const isOtherModel = /\b(webhookSubscription|themeTemplate|workspace|result)\w*\b[^;]*$/i.test(before);
    if (!isOtherModel) found.push(`select ${select[1]}: true`);
  }
  // SQL naming either table: its alias's flow columns, or bare flow columns when it has no alias.
  for (const literal of source.matchAll(/`[^`]*`/g)) {
    const sql = literal[0];
    for (const table of sql.matchAll(/"(Bot|PublishedBot)"(?:\s+(?:AS\s+)?([a-z]\w*))?/g)) {
      const alias = table[2] && !/^(WHERE|JOIN|ON|SET|LEFT|INNER|USING)$/i.test(table[2]) ? table[2] : null;
      const column = alias
        ? new RegExp(`\\b${alias}\\."?(${parts})\\b`)
        : new RegExp(`(?<![."\\w])"?(${parts})"?\\s*(,|=|FROM|\\))`);
      const match = sql.match(column);
      if (match) found.push(`SQL on "${table[1]}": ${match[0]}`);
    }
  }
  // A column list kept apart from its statement: two or more flow columns of one alias.
  for (const literal of source.matchAll(/`[^`]*`/g)) {
    const byAlias = new Map<string, Set<string>>();
    for (const column of literal[0].matchAll(new RegExp(`\\b([a-z]\\w*)\\."?(${parts})\\b`, "g"))) {
      const named = byAlias.get(column[1] ?? "") ?? new Set<string>();
      byAlias.set(column[1] ?? "", named.add(column[2] ?? ""));
    }
    for (const [alias, named] of byAlias)
      if (named.size >= 2)
        found.push(`SQL columns ${[...named].map((name) => `${alias}.${name}`).join(", ")}`);
  }
  // The column names as a list of strings (a loop over the columns).
  const quoted = new RegExp(`["'](${parts})["']`, "g");
  for (const list of source.matchAll(/\[[^\]]*\]/g))
    if (new Set([...list[0].matchAll(quoted)].map((name) => name[1])).size >= 4)
      found.push(`list ${list[0].slice(0, 40)}`);
  return [...new Set(found)];
}

describe("the stored flow's columns", () => {
  it("are read and written only through storedFlow.ts", () => {
    const offenders = listProductFiles()
      .filter((file) => !owners.includes(file))
      .flatMap((file) =>
        findFlowColumnAccess(readFileSync(path.join(root, file), "utf8")).map((what) => `${file}: ${what}`),
      );
    expect(offenders).toEqual([]);
  });

  it("finds each way of naming them", () => {
    expect(
      findFlowColumnAccess(`prisma.bot.findUnique({ where: { id }, select: { groups: true } })`),
    ).not.toEqual([]);
    expect(
      findFlowColumnAccess(`tx.publishedBot.create({ data: { id, settings: document.settings } })`),
    ).not.toEqual([]);
    expect(findFlowColumnAccess(`const select = { name: true, theme: true };`)).not.toEqual([]);
    expect(findFlowColumnAccess('const text = `SELECT b.id, b.groups FROM "Bot" b`;')).not.toEqual([]);
    expect(
      findFlowColumnAccess('const text = `SELECT settings FROM "PublishedBot" WHERE id = $1`;'),
    ).not.toEqual([]);
    expect(findFlowColumnAccess("const columns = `p.id, p.events, p.groups`;")).not.toEqual([]);
    expect(
      findFlowColumnAccess(`for (const key of ["events", "groups", "edges", "theme"] as const) {}`),
    ).not.toEqual([]);
    expect(findFlowColumnAccess(`prisma.bot.findUnique({ where: { id }, select: { name: true } })`)).toEqual(
      [],
    );
    expect(findFlowColumnAccess(`prisma.webhookSubscription.findMany({ select: { events: true } })`)).toEqual(
      [],
    );
    expect(
      findFlowColumnAccess(
        'const text = `SELECT r.variables FROM "Result" r JOIN "Bot" b ON b.id = r."botId"`;',
      ),
    ).toEqual([]);
  });
});
