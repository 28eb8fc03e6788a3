import { type FormEvent, type HTMLInputTypeAttribute, useRef, useState } from "react";
import { InputError } from "./InputError";
import type { InputProps } from "./inputProps";
import { SendButton } from "./SendButton";
import { useFocusOnMount } from "./useFocusOnMount";

type FieldInputType = "email input" | "url input" | "number input";

const fieldTypes: Record<
  FieldInputType,
  { type: HTMLInputTypeAttribute; inputMode: "email" | "url" | "decimal"; placeholder: string }
> = {
  "email input": { type: "email", inputMode: "email", placeholder: "Type your email..." },
  "url input": { type: "url", inputMode: "url", placeholder: "Type a URL..." },
  "number input": { type: "number", inputMode: "decimal", placeholder: "Type a number..." },
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
  const numberOptions = input.type === "number input" ? input.options : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) return;
    if (input.type === "number input") {
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
          type={input.type === "number input" ? "number" : "text"}
          inputMode={kind.inputMode}
          autoComplete={input.type === "email input" ? "email" : input.type === "url input" ? "url" : "off"}
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
