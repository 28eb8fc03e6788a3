"use client";

import { Check, CloudOff, LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import type { SaveState } from "./saveState";

/** Saved / Saving… / Unsaved changes / Offline, retrying / Not saved, next to the bot's tabs. */
export function SaveStatusBadge({
  save,
  onRetry,
}: {
  save: Pick<SaveState<unknown>, "status" | "message" | "retryAt">;
  onRetry: () => void;
}) {
  const t = useTranslations("SaveStatus");
  const { status, message, retryAt } = save;
  const seconds = useSecondsUntil(retryAt);
  const view = {
    saved: { icon: <Check size={14} />, text: t("saved"), tone: "text-muted" },
    unsaved: {
      icon: <span className="h-2 w-2 rounded-full bg-warning-600" />,
      text: t("unsaved"),
      tone: "text-muted",
    },
    saving: {
      icon: <LoaderCircle size={14} className="animate-spin" />,
      text: t("saving"),
      tone: "text-muted",
    },
    offline: {
      icon: <CloudOff size={14} />,
      text: seconds > 0 ? t("offlineIn", { seconds }) : t("offline"),
      tone: "text-warning-600",
    },
    conflict: { icon: <TriangleAlert size={14} />, text: t("conflict"), tone: "text-danger-600" },
    invalid: { icon: <TriangleAlert size={14} />, text: t("invalid"), tone: "text-danger-600" },
  }[status];
  return (
    <div
      className={cn("flex items-center gap-1.5 text-[13px] whitespace-nowrap", view.tone)}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
      title={message ?? undefined}
    >
      {view.icon}
      {/* Phones show the icon only: the header is narrow there. */}
      <span className="sr-only sm:not-sr-only">{view.text}</span>
      {status === "offline" || status === "invalid" ? (
        <button type="button" className="font-medium underline underline-offset-2" onClick={onRetry}>
          {t("retry")}
        </button>
      ) : null}
    </div>
  );
}

function useSecondsUntil(at: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [at]);
  return at ? Math.max(0, Math.ceil((at - now) / 1000)) : 0;
}
