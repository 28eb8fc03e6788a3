import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";
import type { Database } from "./client";
import { installJobQueueSchema } from "./queue/installJobQueueSchema";

/** The nearest folder above this module holding prisma/schema.prisma: the sources, or `npm run build`'s bundle. */
function findProjectRoot(directory = path.dirname(fileURLToPath(import.meta.url))): string {
  if (existsSync(path.join(directory, "prisma", "schema.prisma"))) return directory;
  const parent = path.dirname(directory);
  if (parent === directory) throw new Error("prisma/schema.prisma not found above the migration runner");
  return findProjectRoot(parent);
}

const projectRoot = findProjectRoot();
export const schemaPath = path.join(projectRoot, "prisma", "schema.prisma");
export const migrationsDir = path.join(projectRoot, "prisma", "migrations");

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * Loads Prisma's schema engine compiled to WebAssembly and binds it to a pg
 * driver adapter, so migrations run without the native schema-engine binary.
 */
let engineBindings: Promise<typeof import("@prisma/schema-engine-wasm/schema_engine_bg")> | undefined;

const panicRegistry = {
  message: "",
  set_message(message: string) {
    this.message = message;
  },
};

declare global {
  /** Where Prisma's schema engine reports a Rust panic's message before it throws. */
  var PRISMA_WASM_PANIC_REGISTRY: typeof panicRegistry | undefined;
}

async function loadEngineBindings() {
  // The engine reports Rust panics through this global before throwing.
  globalThis.PRISMA_WASM_PANIC_REGISTRY = panicRegistry;
  const bindings = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const bindingsFile = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmBytes = await readFile(path.join(path.dirname(bindingsFile), "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(wasmBytes, {
    "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return bindings;
}

async function withSchemaEngine<T>(connectionString: string, run: (engine: SchemaEngine) => Promise<T>) {
  engineBindings ??= loadEngineBindings();
  const bindings = await engineBindings;
  const schema = await readFile(schemaPath, "utf8");
  const pgFactory = createIntrospectionSafePg(connectionString);
  const adapterFactory = bindMigrationAwareSqlAdapterFactory(pgFactory);
  const engine = await bindings.SchemaEngine.new(
    { datamodels: [["schema.prisma", schema]] },
    () => {},
    adapterFactory,
  );
  try {
    return await run(engine);
  } catch (error) {
    if (panicRegistry.message)
      throw new Error(`Prisma schema engine panicked: ${panicRegistry.message}`, { cause: error });
    throw error;
  } finally {
    engine.free();
    // The engine does not release its connections; close every pool it opened.
    await pgFactory.disposeAll();
  }
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
type PgAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type QueryResult = { fields: { dataTypeID: number }[] };
type WithPerformIO = { performIO: (query: unknown) => Promise<QueryResult> };

/**
 * The schema engine introspects catalog columns of PostgreSQL's internal
 * `"char"` type (e.g. pg_constraint.contype), which @prisma/adapter-pg 7.10
 * refuses to map. Its values arrive as one-letter strings, so reporting them
 * as text is exact. Only migration authoring and application go through this;
 * the application's own queries use the plain adapter.
 */
function createIntrospectionSafePg(connectionString: string) {
  const base = new PrismaPg({ connectionString });
  const reportCharAsText = <T extends object>(queryable: T): T => {
    const target = queryable as unknown as WithPerformIO;
    const performIO = target.performIO.bind(queryable);
    target.performIO = async (query) => {
      const result = await performIO(query);
      for (const field of result.fields) {
        if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
      }
      return result;
    };
    return queryable;
  };
  const openedAdapters: PgAdapter[] = [];
  const wrapAdapter = (adapter: PgAdapter): PgAdapter => {
    openedAdapters.push(adapter);
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) =>
      reportCharAsText(await startTransaction(isolationLevel));
    return reportCharAsText(adapter);
  };
  return {
    provider: "postgres" as const,
    adapterName: base.adapterName,
    connect: async () => wrapAdapter(await base.connect()),
    connectToShadowDb: async () => wrapAdapter(await base.connectToShadowDb()),
    disposeAll: async () => {
      await Promise.all(openedAdapters.splice(0).map((adapter) => adapter.dispose().catch(() => {})));
    },
  };
}

async function readMigrationList(): Promise<MigrationList> {
  const entries = existsSync(migrationsDir) ? await readdir(migrationsDir, { withFileTypes: true }) : [];
  const directories = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const lockfilePath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockfilePath) ? await readFile(lockfilePath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      directories.map(async (name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8")
            .then((value) => ({ tag: "ok" as const, value }))
            .catch((error: Error) => ({ tag: "error" as const, value: error.message })),
        },
      })),
    ),
  };
}

/**
 * Applies every migration of prisma/migrations not yet recorded in `_prisma_migrations`, then
 * creates or upgrades the job queue's schema (`pgboss`, its library's own tables).
 */
export async function applyMigrations(connectionString: string): Promise<string[]> {
  const migrationsList = await readMigrationList();
  const applied = await withSchemaEngine(connectionString, async (engine) => {
    const output = await engine.applyMigrations({ migrationsList, filters: noFilters });
    return output.appliedMigrationNames;
  });
  await installJobQueueSchema(connectionString);
  return applied;
}

/**
 * Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that
 * takes the migration history to the current schema.prisma. Returns null when
 * the schema has no changes.
 */
export async function createMigration(connectionString: string, name: string): Promise<string | null> {
  await mkdir(migrationsDir, { recursive: true });
  const lockfilePath = path.join(migrationsDir, "migration_lock.toml");
  if (!existsSync(lockfilePath)) {
    await writeFile(
      lockfilePath,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  const migrationsList = await readMigrationList();
  const schema = await readFile(schemaPath, "utf8");
  const result = await withSchemaEngine(connectionString, (engine) =>
    engine.diff({
      from: { tag: "migrations", ...migrationsList },
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schema }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    }),
  );
  const sql = result.stdout ?? "";
  if (!sql.trim() || sql.includes("This is an empty migration")) return null;
  const timestamp = new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, "")
    .slice(0, 14);
  const directoryName = `${timestamp}_${name.replace(/[^a-zA-Z0-9_]/g, "_")}`;
  await mkdir(path.join(migrationsDir, directoryName), { recursive: true });
  await writeFile(path.join(migrationsDir, directoryName, "migration.sql"), sql);
  return directoryName;
}

/** The migrations of prisma/migrations (this release's), and what `_prisma_migrations` of a database records. */
export interface MigrationStatus {
  shipped: string[];
  /** Finished and not rolled back; null when the table does not exist (nothing ever applied). */
  applied: string[] | null;
  /** Started and neither finished nor rolled back. */
  failed: string[];
}

export async function readMigrationStatus(prisma: Database): Promise<MigrationStatus> {
  const shipped = (await readMigrationList()).migrationDirectories.map((directory) => directory.path);
  let rows: { migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }[];
  try {
    rows = await prisma.$queryRaw`SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations`;
  } catch {
    return { shipped, applied: null, failed: [] };
  }
  return {
    shipped,
    applied: rows.filter((row) => row.finished_at && !row.rolled_back_at).map((row) => row.migration_name),
    failed: rows.filter((row) => !row.finished_at && !row.rolled_back_at).map((row) => row.migration_name),
  };
}
