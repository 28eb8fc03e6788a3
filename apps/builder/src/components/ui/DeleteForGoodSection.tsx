"use client";

import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslations } from "use-intl";
import { getErrorMessage } from "@/lib/errorMessage";
import { Button } from "./Button";
import { Dialog } from "./Dialog";
import { FormActions } from "./DialogForm";
import { Section } from "./Section";

/**
 * A settings section that deletes something for good: a danger button opens a dialog whose form (`children`:
 * the confirmation field) sends the deletion; its refusal is shown in the dialog. It cannot be closed
 * while the deletion is under way.
 */
export function DeleteForGoodSection({
  id,
  title,
  description,
  buttonLabel,
  dialogTitle,
  dialogDescription,
  submitLabel,
  deletion,
  isConfirmed = true,
  onOpen,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  description: string;
  buttonLabel: string;
  dialogTitle: string;
  dialogDescription: string;
  submitLabel: string;
  deletion: { isPending: boolean; error: unknown; reset: () => void };
  isConfirmed?: boolean;
  onOpen?: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const t = useTranslations("Ui");
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Section id={id} title={title} description={description} className="border-danger-600/30">
      <Button
        variant="danger"
        className="self-start"
        onClick={() => {
          onOpen?.();
          deletion.reset();
          setIsOpen(true);
        }}
      >
        {buttonLabel}
      </Button>
      <Dialog
        open={isOpen}
        onOpenChange={(open) => !deletion.isPending && setIsOpen(open)}
        title={dialogTitle}
        description={dialogDescription}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(event);
          }}
          className="flex flex-col gap-4"
        >
          {children}
          {deletion.error ? (
            <p className="text-danger-600" role="alert">
              {getErrorMessage(deletion.error)}
            </p>
          ) : null}
          <FormActions
            onCancel={() => setIsOpen(false)}
            submitLabel={submitLabel}
            pendingLabel={t("deleting")}
            isPending={deletion.isPending}
            isDisabled={!isConfirmed}
            variant="danger"
          />
        </form>
      </Dialog>
    </Section>
  );
}
