"use client";

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

/** Asks before a destructive or important action; the action runs on confirm. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  isPending = false,
  isDanger = true,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
  isDanger?: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations("Ui");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={isPending}>
            {t("cancel")}
          </Button>
          <Button variant={isDanger ? "danger" : "primary"} onClick={onConfirm} disabled={isPending}>
            {isPending ? t("pleaseWait") : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
