import { useTranslations } from "use-intl";
import { Field, Input, Textarea } from "@/components/ui/Field";

/** A text source's name and text, as the new-source and edit dialogs ask for them. */
export function TextSourceFields(props: {
  name: string;
  text: string;
  onNameChange: (name: string) => void;
  onTextChange: (text: string) => void;
  rows: number;
  namePlaceholder?: string;
}) {
  const t = useTranslations("Knowledge");
  return (
    <>
      <Field label={t("name")}>
        {(id) => (
          <Input
            id={id}
            value={props.name}
            required
            maxLength={100}
            placeholder={props.namePlaceholder}
            onChange={(event) => props.onNameChange(event.target.value)}
          />
        )}
      </Field>
      <Field label={t("text")} hint={t("textHint")}>
        {(id) => (
          <Textarea
            id={id}
            value={props.text}
            required
            rows={props.rows}
            onChange={(event) => props.onTextChange(event.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/** A form's error, announced as it appears; nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="text-[13px] text-danger-600">
      {message}
    </p>
  ) : null;
}
