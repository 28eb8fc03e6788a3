"use client";

import { useTranslations } from "use-intl";
import { EmailLinkRequestForm, emphasizeAddress } from "../password-reset/EmailLinkRequestForm";

/** "E-mail me a sign-in link": asks for the e-mail; the answer never says whether an account has it. */
export function MagicLinkRequestForm() {
  const t = useTranslations("MagicLink");
  return (
    <EmailLinkRequestForm
      procedure="requestMagicLink"
      texts={{
        title: t("requestTitle"),
        intro: t("intro"),
        submitLabel: t("submit"),
        sent: (email) => t.rich("sent", { email, strong: emphasizeAddress }),
        backLabel: t("back"),
      }}
    />
  );
}
