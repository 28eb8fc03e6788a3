/**
 * The client's address: the rightmost `X-Forwarded-For` entry, which Next's
 * server and the chat server set from the socket when the header is absent and
 * a reverse proxy appends. Clients reaching the app directly can forge the
 * header; deployments put a proxy in front (README, "Rate limits").
 */
export function getClientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  if (!forwarded) return "unknown";
  const entries = forwarded.split(",");
  return entries[entries.length - 1]?.trim() || "unknown";
}
