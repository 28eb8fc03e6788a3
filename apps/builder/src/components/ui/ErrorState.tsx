"use client";

import { CircleAlert } from "lucide-react";
import { useEffect } from "react";
import { useTranslations } from "use-intl";
import { useOptionalWorkspaces } from "@/features/workspace/WorkspaceProvider";
import { getErrorIssueCodes, getErrorMessage } from "@/lib/errorMessage";
import { Button } from "./Button";

/**
 * What a section shows when its data could not be loaded, with a retry. A workspace that requires its single
 * sign-on (`SSO_REQUIRED`) sends the browser to its identity provider instead.
 */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useTranslations("Ui");
  const workspaceId = useOptionalWorkspaces()?.workspace?.id;
  const ssoUrl =
    workspaceId && getErrorIssueCodes(error).includes("SSO_REQUIRED")
      ? `/api/auth/sso/start?workspaceId=${encodeURIComponent(workspaceId)}`
      : null;
  useEffect(() => {
    if (ssoUrl) window.location.assign(ssoUrl);
  }, [ssoUrl]);
  if (ssoUrl)
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-3 rounded-card border border-line px-6 py-8 text-center"
      >
        <p className="font-medium">{t("ssoRequired")}</p>
        <a className="font-medium text-brand-600 underline" href={ssoUrl}>
          {t("continueWithSso")}
        </a>
      </div>
    );
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card border border-danger-600/20 bg-danger-50 px-6 py-8 text-center"
    >
      <CircleAlert className="text-danger-600" size={22} aria-hidden />
      <p className="font-medium text-danger-600">{t("loadFailed", { reason: getErrorMessage(error) })}</p>
      {onRetry ? (
        <Button size="sm" onClick={onRetry}>
          {t("tryAgain")}
        </Button>
      ) : null}
    </div>
  );
}
