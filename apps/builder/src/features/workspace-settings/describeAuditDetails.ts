import type { AuditEntryDetails } from "@parley/schemas/management/auditLog";

const methodNames = { password: "password", magicLink: "e-mailed link", sso: "single sign-on" } as const;
const secondFactorNames = {
  totp: "authenticator code",
  recoveryCode: "recovery code",
  none: "no second factor",
} as const;

/** A sign-in's method and second factor in words ("password + authenticator code", "single sign-on (google)"). */
export function describeAuditDetails(details: AuditEntryDetails | null): string | null {
  if (!details?.method) return null;
  const method = `${methodNames[details.method]}${details.provider ? ` (${details.provider})` : ""}`;
  if (!details.secondFactor) return method;
  return details.secondFactor === "none"
    ? `${method}, ${secondFactorNames.none}`
    : `${method} + ${secondFactorNames[details.secondFactor]}`;
}
