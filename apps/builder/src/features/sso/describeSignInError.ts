/** What the sign-in page says when single sign-on came back refused (`/sign-in?error=<code>`). */
const messages: Record<string, string> = {
  SSO_FAILED:
    "Single sign-on did not complete (the answer of the identity provider could not be checked, or the sign-in took too long). Try again.",
  SSO_PROVIDER_UNKNOWN: "This single sign-on provider is not set up on this install.",
  SSO_EMAIL_NOT_VERIFIED:
    "The identity provider did not confirm that this e-mail address is yours, so it cannot sign you in.",
  SSO_ACCOUNT_NOT_VERIFIED:
    "An account already uses this e-mail address but has never confirmed it: sign in once with an e-mailed link (or a password reset link), then use single sign-on again.",
  SSO_DOMAIN_NOT_ALLOWED:
    "This workspace's single sign-on accepts only addresses of its verified domains: sign in with your work address.",
  SSO_NOT_CONFIGURED:
    "No workspace has set up single sign-on for this address's domain. Check the address, or sign in another way.",
  SIGN_UP_DISABLED:
    "This install does not let new accounts sign up: ask its administrator for an invitation.",
  RATE_LIMITED: "Too many sign-ins from your network. Try again in a few minutes.",
};

export function describeSignInError(code: string): string {
  return messages[code] ?? messages.SSO_FAILED!;
}
