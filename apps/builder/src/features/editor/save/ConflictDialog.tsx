"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPCClient } from "@/lib/trpc";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";
import { loadBotDocument } from "./editorApi";

/**
 * Shown when another tab (or author) saved this bot after this tab last read it: reload
 * their version (this tab's unsaved edits are dropped) or overwrite it with this one.
 */
export function ConflictDialog({ botId, onOverwrite }: { botId: string; onOverwrite: () => void }) {
  const store = useEditorStore();
  const client = useTRPCClient();
  const isOpen = useEditor((state) => state.save.status === "conflict");
  const [isReloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      const { document, updatedAt } = await loadBotDocument(client, botId);
      store.getState().resetDocument(document, updatedAt);
    } catch (error) {
      toast.error(`Could not reload the bot: ${getErrorMessage(error)}`);
    } finally {
      setReloading(false);
    }
  };
  return (
    <Dialog
      open={isOpen}
      onOpenChange={() => undefined}
      title="This bot was changed elsewhere"
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
        version with the flow you see here.
      </p>
    </Dialog>
  );
}
