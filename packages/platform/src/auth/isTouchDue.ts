/** lastUsedAt of a builder session or an API token is refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

export function isTouchDue(lastUsedAt: Date | null): boolean {
  return !lastUsedAt || Date.now() - lastUsedAt.getTime() > TOUCH_INTERVAL_MS;
}
