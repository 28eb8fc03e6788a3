import type { EmailInputBlock, NumberInputBlock, UrlInputBlock } from "@parley/schemas";
import { type FormEvent, type HTMLInputTypeAttribute, useRef, useState } from "react";
import { InputError } from "./InputError";
import type { InputProps } from "./inputProps";
import { SendButton } from "./SendButton";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kinds TextFieldInput renders (their definitions' wire types). */
export const emailInputType: EmailInputBlock["type"] = "email input";
export const urlInputType: UrlInputBlock["type"] = "url input";
export const numberInputType: NumberInputBlock["type"] = "number input";
type FieldInputType = typeof emailInputType | typeof urlInputType | typeof numberInputType;

const fieldTypes: Record<
  FieldInputType,
  {
    type: HTMLInputTypeAttribute;
    inputMode: "email" | "url" | "decimal";
    autoComplete: string;
    placeholder: string;
  }
> = {
  [emailInputType]: {
    type: "text",
    inputMode: "email",
    autoComplete: "email",
    placeholder: "Type your email...",
  },
  [urlInputType]: { type: "text", inputMode: "url", autoComplete: "url", placeholder: "Type a URL..." },
  [numberInputType]: {
    type: "number",
    inputMode: "decimal",
    autoComplete: "off",
    placeholder: "Type a number...",
  },
};

/**
 * Email, URL and number answers. The server validates them and answers a wrong one with
 * the retry message; numbers are also checked here against min, max and step.
 */
export function TextFieldInput({ input, onSubmit, defaultValue }: InputProps<FieldInputType>) {
  const [value, setValue] = useState(defaultValue ?? "");
  const [error, setError] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  useFocusOnMount(field);
  const kind = fieldTypes[input.type];
  const labels = input.options?.labels;
  const placeholder = labels?.placeholder ?? kind.placeholder;
  const numberOptions = input.type === numberInputType ? input.options : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) return;
    if (input.type === numberInputType) {
      const problem = getNumberProblem(field.current);
      if (problem) return setError(problem);
    }
    onSubmit({ text });
  };

  return (
    <form className="parley-input" onSubmit={submit} noValidate>
      <div className="parley-field-group">
        <input
          ref={field}
          className="parley-field"
          type={kind.type}
          inputMode={kind.inputMode}
          autoComplete={kind.autoComplete}
          value={value}
          placeholder={placeholder}
          aria-label={placeholder}
          aria-invalid={error ? true : undefined}
          min={toBound(numberOptions?.min)}
          max={toBound(numberOptions?.max)}
          step={toBound(numberOptions?.step) ?? "any"}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <SendButton label={labels?.button} isDisabled={!value.trim()} />
      </div>
      <InputError message={error} />
    </form>
  );
}

function toBound(value: number | string | undefined) {
  if (value === undefined || value === "") return undefined;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** The browser's own check of a number field (bad input, range, step) in plain words. */
export function getNumberProblem(field: HTMLInputElement | null): string | undefined {
  if (!field) return undefined;
  const validity = field.validity;
  if (validity.badInput || (field.value !== "" && Number.isNaN(Number(field.value))))
    return "Please enter a number.";
  if (validity.rangeUnderflow) return `Please enter a number of at least ${field.min}.`;
  if (validity.rangeOverflow) return `Please enter a number of at most ${field.max}.`;
  if (validity.stepMismatch) return `Please enter a multiple of ${field.step}.`;
  return undefined;
}
