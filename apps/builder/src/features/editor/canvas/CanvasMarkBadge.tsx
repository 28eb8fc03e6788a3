"use client";

import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { type CanvasMark, getCanvasMarkLabels } from "./canvasMarks";

const markTones = { added: "success", changed: "warning", passed: "brand" } as const;

/** The ring a marked block or group gets on the canvas. */
export const canvasMarkRings: Record<CanvasMark, string> = {
  added: "border-success-600 ring-2 ring-success-600/30",
  changed: "border-warning-600 ring-2 ring-warning-600/30",
  passed: "border-brand-500 ring-2 ring-brand-100",
};

/** "Added", "Changed" (a version diff) or "Passed" (a preview turn) on a block or group. */
export function CanvasMarkBadge({ mark }: { mark: CanvasMark | undefined }) {
  const t = useTranslations("Canvas");
  if (!mark) return null;
  return (
    <span data-testid="canvas-mark" data-mark={mark} className="shrink-0">
      <Badge tone={markTones[mark]}>{getCanvasMarkLabels(t)[mark]}</Badge>
    </span>
  );
}
