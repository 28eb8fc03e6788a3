"use client";

import { useTranslations } from "use-intl";

/** The dashboard's shape while its lists load. */
export function DashboardSkeleton() {
  const t = useTranslations("Dashboard");
  return (
    <div className="flex flex-col gap-8" role="status" aria-label={t("loading")}>
      <div className="h-8 w-64 animate-pulse rounded-md bg-line" />
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className="h-44 animate-pulse rounded-card border border-line bg-surface" />
        ))}
      </ul>
    </div>
  );
}
