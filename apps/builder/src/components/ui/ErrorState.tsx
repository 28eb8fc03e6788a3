"use client";

import { CircleAlert } from "lucide-react";
import { getErrorMessage } from "@/lib/errorMessage";
import { Button } from "./Button";

/** What a section shows when its data could not be loaded, with a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card border border-danger-600/20 bg-danger-50 px-6 py-8 text-center"
    >
      <CircleAlert className="text-danger-600" size={22} aria-hidden />
      <p className="font-medium text-danger-600">Could not load this: {getErrorMessage(error)}</p>
      {onRetry ? (
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
