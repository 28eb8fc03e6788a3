import { hostname, userInfo } from "node:os";
import type { AuditRequest } from "@parley/platform/audit/appendAuditEntry";
import { parleyVersion } from "@parley/platform/version";

/** The operator's login name on this machine ("unknown" where the system has none for the process). */
function operatorName(): string {
  try {
    return userInfo().username || "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The audit log's view of a command-line action (docs/audit-log.md, "The command line"): no account acts, the
 * actor is the operator's login on the machine (`cli:<login>@<host>`), the address `local`, the user agent
 * `parley-cli/<version>`. `onBehalfOf`: the account a command acts for (an API token made for a user), whose
 * log shows it; the command line stays named in the user agent.
 */
export function cliAuditRequest(onBehalfOf?: { id: string; email: string }): AuditRequest {
  const operator = `cli:${operatorName()}@${hostname()}`;
  return onBehalfOf
    ? { actor: onBehalfOf, ip: "local", userAgent: `parley-cli/${parleyVersion} (${operator})` }
    : { actor: { id: null, email: operator }, ip: "local", userAgent: `parley-cli/${parleyVersion}` };
}
