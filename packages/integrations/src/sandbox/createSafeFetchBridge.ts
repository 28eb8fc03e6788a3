import { type SafeFetchOptions, safeFetch } from "../outbound/safeFetch";
import type { SandboxFetch } from "./sandboxProcess";

/**
 * The `fetch` user code gets: safeFetch with the given limits (allow-list, timeout, size), answering the
 * response text like Typebot's; a refused or failed request rejects with the reason.
 */
export function createSafeFetchBridge(
  options: Omit<SafeFetchOptions, "method" | "headers" | "body"> = {},
): SandboxFetch {
  return async (url, init) => {
    const response = await safeFetch(url, {
      ...options,
      method: init.method,
      headers: init.headers,
      body: init.body,
    });
    return response.bodyText;
  };
}
