import { normalizeCustomDomain } from "@parley/schemas";

/**
 * A bot's stored custom domain, or null when it has none. A value stored before domains were
 * validated, and not one (its normal form differs), cannot be verified: it reads as none.
 */
export function readStoredCustomDomain(customDomain: string | null): string | null {
  const domain = customDomain ? normalizeCustomDomain(customDomain) : null;
  return domain && domain === customDomain ? domain : null;
}
