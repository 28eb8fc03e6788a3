import { findFreePort } from "@parley/db/embedded";
import { startLocalDnsServer } from "@parley/integrations/testing/startLocalDnsServer";
import { type ChatServerProcess, spawnChatProcess, spawnChatServer, waitForExit } from "./spawnChatServer";
import { type RunningHaproxy, startHaproxy } from "./startHaproxy";

/** The name DNS answers with every chat server's address, as Docker's DNS does for a scaled service. */
const CHAT_SERVICE = "chat-server.parley.test";

export interface ChatCluster {
  haproxy: RunningHaproxy;
  /** The chat server processes by slot (undefined while one is down). */
  servers: (ChatServerProcess | undefined)[];
  /** Starts slot `index` (again) on its own address and port; resolves once it is healthy. */
  start(index: number): Promise<ChatServerProcess>;
  /** SIGKILLs slot `index` and waits until it has exited. */
  kill(index: number): Promise<void>;
  /** Resolves once HAProxy's health checks see `count` chat servers UP. */
  waitForUp(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `size` chat servers (`npm run chat-server`) on one PostgreSQL behind Debian's HAProxy with the
 * repository's deploy/haproxy.cfg, as compose.yaml runs them: slot i listens on 127.0.0.(i+2) at
 * one shared port, and a DNS server on loopback answers the chat service's name with every slot's
 * address, so HAProxy finds them as it finds scaled containers. `running` slots start now (all by
 * default); the others can be started later. Everything listens on loopback only.
 */
export async function startChatCluster(options: {
  databaseUrl: string;
  size: number;
  running?: number;
  /** The chat servers' environment (rate limits, TRUSTED_PROXIES…). */
  env?: Record<string, string>;
  /** Node's arguments of a chat server (`npm run build`'s bundle, say); default: `npm run chat-server`'s. */
  serverArgs?: string[];
  /** One slot's own environment on top of `env` (its DATA_DIR, say). */
  slotEnv?: (index: number) => Record<string, string>;
  /** More names the DNS server answers (other services: name → addresses). */
  dnsNames?: Record<string, string[]>;
  /** HAProxy's variables on top of the cluster's (HTTP_BIND, VIEWER_SERVERS of a viewer…). */
  haproxyEnv?: Record<string, string>;
  /** How long a bundled chat server (`serverArgs`) may take to start (spawnChatProcess's 60 s by default). */
  startTimeoutMs?: number;
}): Promise<ChatCluster> {
  const port = await findFreePort();
  const hosts = Array.from({ length: options.size }, (_, index) => `127.0.0.${index + 2}`);
  const dns = await startLocalDnsServer({ ...options.dnsNames, [CHAT_SERVICE]: hosts });
  const servers: (ChatServerProcess | undefined)[] = hosts.map(() => undefined);
  const start = async (index: number) => {
    const host = hosts[index] ?? "127.0.0.1";
    const env = { ...options.env, ...options.slotEnv?.(index) };
    const server = options.serverArgs
      ? await spawnChatProcess({
          args: options.serverArgs,
          cwd: process.cwd(),
          env: {
            NODE_ENV: "production",
            ...env,
            DATABASE_URL: options.databaseUrl,
            CHAT_SERVER_PORT: String(port),
            HOST: host,
          },
          port,
          host,
          ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
        })
      : await spawnChatServer(options.databaseUrl, port, { host, env });
    servers[index] = server;
    return server;
  };
  let haproxy: RunningHaproxy | undefined;
  const close = async () => {
    await Promise.all(
      servers.map(async (server) => {
        server?.child.kill("SIGKILL");
        if (server) await waitForExit(server.child);
      }),
    );
    await haproxy?.close();
    await dns.close();
  };
  try {
    await Promise.all(hosts.slice(0, options.running ?? options.size).map((_, index) => start(index)));
    haproxy = await startHaproxy({
      DNS_SERVER: dns.address,
      CHAT_SERVERS: `${CHAT_SERVICE}:${port}`,
      // No builder or viewer unless haproxyEnv names them: their names do not resolve, so their
      // backends stay empty.
      BUILDER_SERVERS: "builder.parley.test:3000",
      VIEWER_SERVERS: "viewer.parley.test:3001",
      ...options.haproxyEnv,
    });
    const running = haproxy;
    const cluster: ChatCluster = {
      haproxy: running,
      servers,
      start,
      kill: async (index) => {
        const server = servers[index];
        if (!server) return;
        server.child.kill("SIGKILL");
        await waitForExit(server.child);
        servers[index] = undefined;
      },
      waitForUp: (count) => running.waitForUpServers("chat_servers", count),
      close,
    };
    await cluster.waitForUp(options.running ?? options.size);
    return cluster;
  } catch (error) {
    await close();
    throw error;
  }
}
