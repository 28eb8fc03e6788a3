"use client";

import type { FlowCheckFinding } from "@parley/schemas";
import { OctagonAlert, TriangleAlert } from "lucide-react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";

/** What the flow checker found on a block or a group: an icon whose tooltip and accessible name say it. */
export function FlowCheckBadge({ findings }: { findings: readonly FlowCheckFinding[] | undefined }) {
  const t = useTranslations("Canvas");
  if (!findings || findings.length === 0) return null;
  const isError = findings.some((finding) => finding.severity === "error");
  const text = findings.map((finding) => finding.message).join("\n");
  const Icon = isError ? OctagonAlert : TriangleAlert;
  return (
    <span
      role="img"
      data-testid="flow-check"
      data-severity={isError ? "error" : "warning"}
      aria-label={isError ? t("error", { text }) : t("warning", { text })}
      title={text}
      className={cn(
        "inline-flex shrink-0 items-center rounded-full p-0.5",
        isError ? "bg-danger-50 text-danger-600" : "bg-warning-50 text-warning-600",
      )}
    >
      <Icon size={14} aria-hidden />
    </span>
  );
}
