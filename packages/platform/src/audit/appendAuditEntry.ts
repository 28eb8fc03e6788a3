import { createId, type Prisma } from "@parley/db";
import type { AuditAction, AuditEntryDetails, AuditTargetType } from "@parley/schemas/management/auditLog";
import { toWellFormedText } from "@parley/schemas/text";
import { readClientAddress } from "../http/clientAddress";

/** Who did it, from where: the request's actor, its client address (the trusted-proxy rule) and user agent. */
export interface AuditRequest {
  /** `id` null: no account acted (a failed sign-in with an e-mail that has none). */
  actor: { id: string | null; email: string };
  ip: string;
  userAgent: string;
}

export interface AuditEntryInput {
  action: AuditAction;
  /** null: a user-level action (sign-in, API tokens), listed in every workspace of its actor. */
  workspaceId: string | null;
  target: { type: AuditTargetType; id: string };
  /** What more the action says (a sign-in's method and second factor); never a secret. */
  details?: AuditEntryDetails;
}

/** A stored user agent is cut at this many characters (a client chooses it). */
const MAX_USER_AGENT_LENGTH = 512;

/** The client of a request: its stamped address and its `User-Agent` ("unknown" when it sent none). */
export function readAuditClient(request: Request): { ip: string; userAgent: string } {
  return { ip: readClientAddress(request), userAgent: request.headers.get("user-agent") || "unknown" };
}

/**
 * Appends one audit log entry. Called with the transaction client of the change it records, so a change
 * that fails leaves no entry and one that commits always has one (docs/audit-log.md).
 */
export async function appendAuditEntry(
  tx: Prisma.TransactionClient,
  request: AuditRequest,
  entry: AuditEntryInput,
): Promise<void> {
  await tx.auditLogEntry.create({
    data: {
      id: createId(),
      action: entry.action,
      workspaceId: entry.workspaceId,
      actorId: request.actor.id,
      actorEmail: request.actor.email,
      targetType: entry.target.type,
      targetId: entry.target.id,
      ip: request.ip || "unknown",
      userAgent: toWellFormedText(request.userAgent).slice(0, MAX_USER_AGENT_LENGTH) || "unknown",
      ...(entry.details ? { details: entry.details } : {}),
    },
  });
}
