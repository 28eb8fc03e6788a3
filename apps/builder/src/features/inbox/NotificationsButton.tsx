"use client";

import { Bell, BellOff } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";

type Permission = NotificationPermission | "unsupported";

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const readPermission = (): Permission =>
  typeof Notification === "undefined" ? "unsupported" : Notification.permission;

/**
 * Asks the browser for notifications (a browser asks only after a click): the top bar's inbox link then
 * notifies when a conversation starts waiting. Says so once allowed or refused.
 */
export function NotificationsButton() {
  const t = useTranslations("Inbox");
  const permission = useSyncExternalStore(subscribe, readPermission, () => "unsupported" as const);
  if (permission === "unsupported") return null;
  if (permission === "granted")
    return (
      <p className="flex items-center gap-1.5 text-[13px] text-muted">
        <Bell size={14} aria-hidden />
        {t("notificationsOn")}
      </p>
    );
  if (permission === "denied")
    return (
      <p className="flex items-center gap-1.5 text-[13px] text-muted">
        <BellOff size={14} aria-hidden />
        {t("notificationsBlocked")}
      </p>
    );
  return (
    <Button
      size="sm"
      onClick={async () => {
        await Notification.requestPermission();
        for (const listener of listeners) listener();
      }}
    >
      <Bell size={14} aria-hidden />
      {t("notifyMe")}
    </Button>
  );
}
