"use client";

import { type FormEvent, useEffect, useState } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";
import { Field, Input } from "./Field";

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
            <Input
              id={id}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={100}
              required
              autoFocus
              onFocus={(event) => event.target.select()}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant="primary" type="submit" disabled={name.trim() === ""}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
