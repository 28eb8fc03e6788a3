"use client";

import { EmailLinkRequestForm } from "../password-reset/EmailLinkRequestForm";

/** "E-mail me a sign-in link": asks for the e-mail; the answer never says whether an account has it. */
export function MagicLinkRequestForm() {
  return (
    <EmailLinkRequestForm
      procedure="requestMagicLink"
      texts={{
        title: "Sign in with an e-mailed link",
        intro: "Enter the e-mail of your account and we will send you a link that signs you in.",
        submitLabel: "E-mail me a link",
        sent: "a sign-in link. The link works once, within 15 minutes.",
        backLabel: "Sign in with a password instead",
      }}
    />
  );
}
