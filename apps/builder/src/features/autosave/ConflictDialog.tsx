"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { getErrorMessage } from "@/lib/errorMessage";

/**
 * Shown when another tab (or author) saved this part of the bot after this tab last read
 * it: reload their version (this tab's unsaved edits are dropped) or overwrite it with this one.
 */
export function ConflictDialog({
  open,
  subject,
  onReload,
  onOverwrite,
}: {
  open: boolean;
  /** What was changed, as the title's subject: "This bot", "The theme". */
  subject: string;
  onReload: () => Promise<void>;
  onOverwrite: () => void;
}) {
  const [isReloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } catch (error) {
      toast.error(`Could not reload: ${getErrorMessage(error)}`);
    } finally {
      setReloading(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      title={`${subject} was changed elsewhere`}
      description="Someone (or another tab) saved a newer version while you were editing. Your changes are kept here until you choose."
      footer={
        <>
          <Button onClick={reload} disabled={isReloading}>
            Reload their version
          </Button>
          <Button variant="primary" onClick={onOverwrite} disabled={isReloading}>
            Overwrite with mine
          </Button>
        </>
      }
    >
      <p className="text-muted">
        Reloading discards the changes made in this tab since the last save. Overwriting replaces the newer
        version with the one you see here.
      </p>
    </Dialog>
  );
}
