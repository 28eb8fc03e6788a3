const methodNames: Record<string, string> = {
  password: "Password",
  magicLink: "E-mailed link",
  passwordReset: "Password reset link",
};
const secondFactorNames: Record<string, string> = {
  totp: "authenticator code",
  recoveryCode: "recovery code",
};

/**
 * How a session was opened, in words: `password+totp` → "Password + authenticator code", `sso:google` →
 * "Single sign-on (Google)"; null for sessions opened before this was recorded (or by sign-up).
 */
export function describeSessionMethod(method: string | null, providerNames: Map<string, string>) {
  if (!method) return null;
  const [first = "", second] = method.split("+");
  const firstName = first.startsWith("sso:")
    ? `Single sign-on (${providerNames.get(first.slice(4)) ?? first.slice(4)})`
    : (methodNames[first] ?? first);
  return second ? `${firstName} + ${secondFactorNames[second] ?? second}` : firstName;
}

/** A browser and system from a User-Agent, in a few words ("Chrome on Linux"); the whole string otherwise. */
export function describeUserAgent(userAgent: string | null) {
  if (!userAgent) return "Unknown browser";
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
  return system ? `${browser} on ${system}` : browser;
}
