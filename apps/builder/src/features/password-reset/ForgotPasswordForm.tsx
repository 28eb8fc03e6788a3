"use client";

import { useTranslations } from "use-intl";
import { AuthCard } from "./AuthCard";
import { BackToSignIn, EmailLinkRequestForm, emphasizeAddress } from "./EmailLinkRequestForm";

/** "Forgot password?": asks for the e-mail; the answer never says whether an account has it. */
export function ForgotPasswordForm({ canSendEmail }: { canSendEmail: boolean }) {
  const t = useTranslations("ForgotPassword");
  if (!canSendEmail) {
    return (
      <AuthCard title={t("title")}>
        <p>{t("cannotSend")}</p>
        <p className="text-muted">
          <BackToSignIn label={t("back")} />
        </p>
      </AuthCard>
    );
  }
  return (
    <EmailLinkRequestForm
      procedure="requestPasswordReset"
      texts={{
        title: t("title"),
        intro: t("intro"),
        submitLabel: t("submit"),
        sent: (email) => t.rich("sent", { email, strong: emphasizeAddress }),
        backLabel: t("back"),
      }}
    />
  );
}
