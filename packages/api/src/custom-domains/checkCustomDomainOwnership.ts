import type { CustomDomainCheckModel as CustomDomainCheck, Database } from "@parley/db";
import { lookupTxtRecords } from "@parley/integrations/dns/lookupTxtRecords";
import { customDomainTxtLabel } from "@parley/schemas";
import type { CustomDomainCheckOutcome } from "@parley/schemas/management/customDomains";
import { notifyCustomDomainChange } from "./notifyCustomDomainChange";
import { toTxtRecordValue } from "./toCustomDomainStatus";

/**
 * Looks up the domain's TXT record (`_parley.<host>`) and records what was found: the expected value
 * verifies the domain (it is served from now on); a definite answer without it (no record, another
 * value) withdraws a verification; a lookup that failed (timeout, SERVFAIL) changes nothing but the
 * outcome. The write is conditional on the token, so a domain changed meanwhile is left alone.
 */
export async function checkCustomDomainOwnership(
  prisma: Database,
  check: CustomDomainCheck,
): Promise<CustomDomainCheck> {
  const lookup = await lookupTxtRecords(`${customDomainTxtLabel}.${check.host}`);
  const outcome: CustomDomainCheckOutcome =
    lookup.status === "failed"
      ? "DNS_LOOKUP_FAILED"
      : lookup.status === "none"
        ? "RECORD_NOT_FOUND"
        : lookup.values.includes(toTxtRecordValue(check.token))
          ? "VERIFIED"
          : "RECORD_MISMATCH";
  const now = new Date();
  const verifiedAt =
    outcome === "VERIFIED"
      ? (check.verifiedAt ?? now)
      : outcome === "DNS_LOOKUP_FAILED"
        ? check.verifiedAt
        : null;
  await prisma.$transaction(async (tx) => {
    await tx.customDomainCheck.updateMany({
      where: { botId: check.botId, token: check.token },
      data: { outcome, checkedAt: now, verifiedAt },
    });
    if ((verifiedAt === null) !== (check.verifiedAt === null))
      await notifyCustomDomainChange(tx, [check.domain]);
  });
  return { ...check, outcome, checkedAt: now, verifiedAt };
}
