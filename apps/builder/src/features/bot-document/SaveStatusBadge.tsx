"use client";

import { Check, CloudOff, LoaderCircle, TriangleAlert } from "lucide-react";
import type { SaveStatus } from "./useAutosavedBotField";

const labels: Record<SaveStatus, string> = {
  saved: "Saved",
  pending: "Unsaved changes",
  saving: "Saving…",
  error: "Offline, retrying…",
  conflict: "Changed elsewhere",
};

/** The save state of the page, in words, for the header. */
export function SaveStatusBadge({ status }: { status: SaveStatus }) {
  const icon = {
    saved: <Check size={14} aria-hidden className="text-success-600" />,
    pending: <LoaderCircle size={14} aria-hidden className="text-faint" />,
    saving: <LoaderCircle size={14} aria-hidden className="animate-spin text-muted" />,
    error: <CloudOff size={14} aria-hidden className="text-warning-600" />,
    conflict: <TriangleAlert size={14} aria-hidden className="text-danger-600" />,
  }[status];
  return (
    <span
      role="status"
      data-testid="save-status"
      className="flex items-center gap-1.5 text-[13px] text-muted"
    >
      {icon}
      <span className="hidden sm:inline">{labels[status]}</span>
    </span>
  );
}
