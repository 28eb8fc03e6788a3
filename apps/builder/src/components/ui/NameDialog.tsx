"use client";

import { type FormEvent, useEffect, useState } from "react";
import { Dialog } from "./Dialog";
import { FormActions, NameInput } from "./DialogForm";
import { Field } from "./Field";

/** Asks for one name (new folder, rename, …); `onSubmit` gets it trimmed. */
export function NameDialog({
  open,
  onOpenChange,
  title,
  label,
  initialValue = "",
  submitLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: string;
  initialValue?: string;
  submitLabel: string;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(initialValue);
  useEffect(() => {
    if (open) setName(initialValue);
  }, [open, initialValue]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(name.trim());
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <Field label={label}>
          {(id) => (
            <NameInput
              id={id}
              value={name}
              onValueChange={setName}
              onFocus={(event) => event.target.select()}
            />
          )}
        </Field>
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitLabel={submitLabel}
          isDisabled={name.trim() === ""}
        />
      </form>
    </Dialog>
  );
}
