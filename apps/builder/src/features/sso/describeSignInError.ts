import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

/** What the sign-in page says when single sign-on came back refused (`/sign-in?error=<code>`). */
export function describeSignInError(code: string, t: InterfaceTranslator<"SignInError">): string {
  switch (code) {
    case "SSO_PROVIDER_UNKNOWN":
      return t("providerUnknown");
    case "SSO_EMAIL_NOT_VERIFIED":
      return t("emailNotVerified");
    case "SSO_ACCOUNT_NOT_VERIFIED":
      return t("accountNotVerified");
    case "SSO_DOMAIN_NOT_ALLOWED":
      return t("domainNotAllowed");
    case "SSO_NOT_CONFIGURED":
      return t("notConfigured");
    case "SIGN_UP_DISABLED":
      return t("signUpDisabled");
    case "RATE_LIMITED":
      return t("rateLimited");
    default:
      return t("failed");
  }
}
