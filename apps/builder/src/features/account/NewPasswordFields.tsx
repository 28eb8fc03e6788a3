import { Field, Input } from "@/components/ui/Field";

const CONFIRMATION = "confirmPassword";

/** A new password and its confirmation, as form fields named `name` and `confirmPassword`. */
export function NewPasswordFields({ name }: { name: string }) {
  const fields = [
    { label: "New password", name, hint: "At least 8 characters" },
    { label: "Confirm the new password", name: CONFIRMATION },
  ];
  return fields.map((field) => (
    <Field key={field.name} label={field.label} hint={field.hint}>
      {(id) => (
        <Input
          id={id}
          name={field.name}
          type="password"
          autoComplete="new-password"
          minLength={8}
          maxLength={200}
          required
        />
      )}
    </Field>
  ));
}

/** The new password typed in NewPasswordFields, or an error when its confirmation differs. */
export function readNewPassword(data: FormData, name: string): { password: string } | { error: string } {
  const password = String(data.get(name) ?? "");
  return password === String(data.get(CONFIRMATION) ?? "")
    ? { password }
    : { error: "The new password and its confirmation differ" };
}
