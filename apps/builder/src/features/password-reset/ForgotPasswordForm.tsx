"use client";

import { AuthCard } from "./AuthCard";
import { BackToSignIn, EmailLinkRequestForm } from "./EmailLinkRequestForm";

/** "Forgot password?": asks for the e-mail; the answer never says whether an account has it. */
export function ForgotPasswordForm({ canSendEmail }: { canSendEmail: boolean }) {
  if (!canSendEmail) {
    return (
      <AuthCard title="Forgot your password?">
        <p>
          This Parley install cannot send e-mails (its administrator has not set up SMTP), so it cannot send
          you a reset link. Ask its administrator to reset your password.
        </p>
        <p className="text-muted">
          <BackToSignIn label="Back to sign in" />
        </p>
      </AuthCard>
    );
  }
  return (
    <EmailLinkRequestForm
      procedure="requestPasswordReset"
      texts={{
        title: "Forgot your password?",
        intro: "Enter the e-mail of your account and we will send you a link to choose a new password.",
        submitLabel: "Send the link",
        sent: "a link to choose a new password. The link works once, within one hour.",
        backLabel: "Back to sign in",
      }}
    />
  );
}
