import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

const getMethodNames = (t: InterfaceTranslator<"AccountSecurity">): Record<string, string> => ({
  password: t("methodPassword"),
  magicLink: t("methodMagicLink"),
  passwordReset: t("methodPasswordReset"),
});
const getSecondFactorNames = (t: InterfaceTranslator<"AccountSecurity">): Record<string, string> => ({
  totp: t("factorTotp"),
  recoveryCode: t("factorRecoveryCode"),
});

/**
 * How a session was opened, in words: `password+totp` → "Password + authenticator code", `sso:google` →
 * "Single sign-on (Google)"; null for sessions opened before this was recorded (or by sign-up).
 */
export function describeSessionMethod(
  method: string | null,
  providerNames: Map<string, string>,
  t: InterfaceTranslator<"AccountSecurity">,
) {
  if (!method) return null;
  const [first = "", second] = method.split("+");
  const firstName = first.startsWith("sso:")
    ? t("methodSso", { provider: providerNames.get(first.slice(4)) ?? first.slice(4) })
    : (getMethodNames(t)[first] ?? first);
  return second
    ? t("methodWithFactor", { method: firstName, factor: getSecondFactorNames(t)[second] ?? second })
    : firstName;
}

/** A browser and system from a User-Agent, in a few words ("Chrome on Linux"); the whole string otherwise. */
export function describeUserAgent(userAgent: string | null, t: InterfaceTranslator<"AccountSecurity">) {
  if (!userAgent) return t("unknownBrowser");
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (!browser) return userAgent.slice(0, 80);
  return system ? t("browserOnSystem", { browser, system }) : browser;
}
