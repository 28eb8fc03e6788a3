import { useTranslations } from "use-intl";
import { Field, Input } from "@/components/ui/Field";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

const CONFIRMATION = "confirmPassword";

/** A new password and its confirmation, as form fields named `name` and `confirmPassword`. */
export function NewPasswordFields({ name }: { name: string }) {
  const t = useTranslations("NewPassword");
  const fields = [
    { label: t("label"), name, hint: t("hint") },
    { label: t("confirmation"), name: CONFIRMATION },
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
export function readNewPassword(
  data: FormData,
  name: string,
  t: InterfaceTranslator<"NewPassword">,
): { password: string } | { error: string } {
  const password = String(data.get(name) ?? "");
  return password === String(data.get(CONFIRMATION) ?? "") ? { password } : { error: t("mismatch") };
}
