import type { InputHTMLAttributes } from "react";
import { useTranslations } from "use-intl";
import { Button } from "./Button";
import { Input } from "./Field";

/**
 * The footer of a dialog's form: Cancel, then the submit button (its label while pending). A `danger`
 * submit cannot be cancelled once sent.
 */
export function FormActions({
  onCancel,
  submitLabel,
  pendingLabel,
  isPending = false,
  isDisabled = false,
  variant = "primary",
}: {
  onCancel: () => void;
  submitLabel: string;
  pendingLabel?: string;
  isPending?: boolean;
  isDisabled?: boolean;
  variant?: "primary" | "danger";
}) {
  const t = useTranslations("Ui");
  return (
    <div className="flex justify-end gap-2">
      <Button onClick={onCancel} disabled={variant === "danger" && isPending}>
        {t("cancel")}
      </Button>
      <Button variant={variant} type="submit" disabled={isPending || isDisabled}>
        {isPending && pendingLabel ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}

/** A dialog's required name field (at most 100 characters), focused when the dialog opens. */
export function NameInput({
  id,
  value,
  onValueChange,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <Input
      id={id}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      maxLength={100}
      required
      autoFocus
      {...props}
    />
  );
}
