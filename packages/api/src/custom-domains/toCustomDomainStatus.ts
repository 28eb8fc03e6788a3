import type { CustomDomainCheckModel as CustomDomainCheck } from "@parley/db";
import { customDomainTxtLabel, splitCustomDomain } from "@parley/schemas";
import type { CustomDomainCheckOutcome, CustomDomainStatus } from "@parley/schemas/management/customDomains";
import { apiEnv } from "../env";

/** The TXT record's value for a check's token. */
export const toTxtRecordValue = (token: string) => `parley-verification=${token}`;

/** A check row as the API answers it, with the DNS records to add. */
export function toCustomDomainStatus(check: CustomDomainCheck): CustomDomainStatus {
  const { host, path } = splitCustomDomain(check.domain);
  return {
    domain: check.domain,
    host,
    path,
    url: `https://${check.domain}`,
    isVerified: check.verifiedAt !== null,
    verifiedAt: check.verifiedAt?.toISOString() ?? null,
    checkedAt: check.checkedAt?.toISOString() ?? null,
    lastCheck: (check.outcome as CustomDomainCheckOutcome | null) ?? null,
    records: [
      {
        type: "TXT",
        name: `${customDomainTxtLabel}.${host}`,
        value: toTxtRecordValue(check.token),
        purpose: "verification",
      },
      { type: "CNAME", name: host, value: new URL(apiEnv.VIEWER_URL).hostname, purpose: "routing" },
    ],
  };
}
