"use client";

import { useMemo } from "react";
import { useLocale } from "use-intl";
import { formatDate, formatDateTime, formatRelativeTime } from "./formatDate";

/** The date formats of lib/formatDate written in the interface language (dates stay in the browser's time zone). */
export function useDateFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      date: (iso: string) => formatDate(iso, locale),
      dateTime: (iso: string) => formatDateTime(iso, locale),
      relative: (iso: string) => formatRelativeTime(iso, new Date(), locale),
    }),
    [locale],
  );
}
