import type { WorkspaceDomainModel } from "@parley/db";
import {
  toWorkspaceDomainTxtValue,
  type WorkspaceDomain,
  workspaceDomainTxtLabel,
} from "@parley/schemas/management/workspaceSso";

/** A workspace's domain as the API shows it, with the TXT record that proves it. */
export function toWorkspaceDomain(row: WorkspaceDomainModel): WorkspaceDomain {
  return {
    id: row.id,
    domain: row.domain,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    allowsJoining: row.allowsJoining,
    txtRecord: {
      name: `${workspaceDomainTxtLabel}.${row.domain}`,
      value: toWorkspaceDomainTxtValue(row.token),
    },
  };
}
