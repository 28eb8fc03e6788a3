// The environment of the chat benchmarks' servers, on their ephemeral database.
import { randomBytes } from "node:crypto";

/**
 * The chat server's environment for a benchmark on `databaseUrl` (rate limits and session cleanup
 * off, production mode with a fresh encryption key, plus `extra`), also set in this process's own
 * environment so that the package code it imports afterwards reads the same.
 */
export function benchChatServerEnv(databaseUrl: string, extra: Record<string, string> = {}) {
  const serverEnv = {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: "0",
    CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE: "0",
    CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE: "0",
    CHAT_CLEANUP_INTERVAL_SECONDS: "0",
    NODE_ENV: "production",
    // Production servers refuse to start without the credentials store's key.
    ENCRYPTION_SECRET: randomBytes(32).toString("base64url"),
    ...extra,
  };
  Object.assign(process.env, serverEnv);
  return serverEnv;
}

/** `count` chat sessions started on the server at `baseUrl`, their ids. */
export function startBenchSessions(
  baseUrl: string,
  bot: { publicId: string; chatKey: string; startBody?: string },
  count: number,
) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const response = await fetch(`${baseUrl}/api/v1/bots/${bot.publicId}/startChat`, {
        method: "POST",
        headers: { authorization: `Bearer ${bot.chatKey}`, "content-type": "application/json" },
        body: bot.startBody ?? "{}",
      });
      return String(((await response.json()) as { sessionId: string }).sessionId);
    }),
  );
}
