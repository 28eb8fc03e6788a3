import type { AuditEntryDetails } from "@parley/schemas/management/auditLog";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

/**
 * A sign-in's method and second factor in words ("password + authenticator code", "single sign-on (google)"), in
 * the interface language.
 */
export function describeAuditDetails(
  details: AuditEntryDetails | null,
  t: InterfaceTranslator<"AuditLog">,
): string | null {
  if (!details?.method) return null;
  const methodNames = { password: t("password"), magicLink: t("magicLink"), sso: t("sso") } as const;
  const secondFactorNames = { totp: t("totp"), recoveryCode: t("recoveryCode") } as const;
  const method = details.provider
    ? t("methodWithProvider", { method: methodNames[details.method], provider: details.provider })
    : methodNames[details.method];
  if (!details.secondFactor) return method;
  return details.secondFactor === "none"
    ? t("withoutSecondFactor", { method })
    : t("withSecondFactor", { method, factor: secondFactorNames[details.secondFactor] });
}
