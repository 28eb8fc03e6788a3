import type { AuditRequest } from "@parley/platform/audit/appendAuditEntry";
import type { Context } from "../context";

/** The audit log's view of a procedure's request: its signed-in actor, client address and user agent. */
export function auditRequestOf(
  ctx: Pick<Context, "clientAddress" | "userAgent"> & { user: { id: string; email: string } },
): AuditRequest {
  return {
    actor: { id: ctx.user.id, email: ctx.user.email },
    ip: ctx.clientAddress ?? "unknown",
    userAgent: ctx.userAgent ?? "unknown",
  };
}

/** The request's client alone, where the actor is known only inside the change (who accepts, who signs up). */
export function auditClientOf(
  ctx: Pick<Context, "clientAddress" | "userAgent">,
): Omit<AuditRequest, "actor"> {
  return { ip: ctx.clientAddress ?? "unknown", userAgent: ctx.userAgent ?? "unknown" };
}
