"use client";

import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { getRetryAfterSeconds } from "./errorMessage";

const secondsUntil = (until: number | null) =>
  until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));

/** Seconds left until `until` (ms since the epoch, or null), ticking every second; 0 once passed. */
export function useCountdown(until: number | null): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    setLeft(secondsUntil(until));
    if (until === null) return;
    const timer = window.setInterval(() => {
      const next = secondsUntil(until);
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}

/** 5 → "0:05", 905 → "15:05". */
function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * A form refused for too many attempts: `refusedBy(error)` starts the wait its Retry-After asks for (any other
 * error ends it); `secondsLeft` ticks down to 0, when the form may be sent again.
 */
export function useRetryCountdown() {
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(retryAt);
  const refusedBy = useCallback((cause: unknown) => {
    const retryAfter = getRetryAfterSeconds(cause);
    setRetryAt(retryAfter ? Date.now() + retryAfter * 1000 : null);
  }, []);
  return { secondsLeft, refusedBy };
}

/** "You can try again in 0:05." under a refusal, while the wait lasts. */
export function RetryCountdown({ secondsLeft }: { secondsLeft: number }) {
  const t = useTranslations("RetryCountdown");
  if (secondsLeft <= 0) return null;
  return (
    <span className="block" data-testid="retry-countdown">
      {t("tryAgainIn", { time: formatCountdown(secondsLeft) })}
    </span>
  );
}
