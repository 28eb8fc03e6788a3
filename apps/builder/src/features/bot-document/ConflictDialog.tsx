"use client";

import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";

/** Another tab or person saved this part of the bot after it was opened here. */
export function ConflictDialog({
  open,
  what,
  onResolve,
}: {
  open: boolean;
  what: string;
  onResolve: (choice: "reload" | "overwrite") => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      title={`The ${what} was changed elsewhere`}
      description={`Someone (or another tab) saved a newer ${what} of this bot. Load theirs, losing your changes here, or keep yours and replace theirs.`}
      footer={
        <>
          <Button onClick={() => onResolve("reload")}>Load the newer version</Button>
          <Button variant="danger" onClick={() => onResolve("overwrite")}>
            Keep mine
          </Button>
        </>
      }
    />
  );
}
