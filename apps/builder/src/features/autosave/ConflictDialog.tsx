"use client";

import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
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
  /** What was changed: the title names it ("The theme was changed elsewhere"). */
  subject: "bot" | "theme" | "settings" | "translations" | "columns";
  onReload: () => Promise<void>;
  onOverwrite: () => void;
}) {
  const t = useTranslations("Conflict");
  const [isReloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } catch (error) {
      toast.error(t("reloadFailed", { reason: getErrorMessage(error) }));
    } finally {
      setReloading(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      title={t("title", { subject })}
      description={t("description")}
      footer={
        <>
          <Button onClick={reload} disabled={isReloading}>
            {t("reload")}
          </Button>
          <Button variant="primary" onClick={onOverwrite} disabled={isReloading}>
            {t("overwrite")}
          </Button>
        </>
      }
    >
      <p className="text-muted">{t("explanation")}</p>
    </Dialog>
  );
}
