import type { EmailInputBlock, NumberInputBlock, UrlInputBlock } from "@parley/schemas";
import { formatLocaleNumber, toCanonicalNumber } from "@parley/schemas/bot/blocks/inputs/localeNumber";
import { type FormEvent, type HTMLInputTypeAttribute, useRef, useState } from "react";
import { type WidgetTextKey, widgetText } from "../widgetTexts";
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
    /** The default placeholder, in the widget's words. */
    placeholder: WidgetTextKey;
  }
> = {
  [emailInputType]: {
    type: "text",
    inputMode: "email",
    autoComplete: "email",
    placeholder: "email",
  },
  [urlInputType]: { type: "text", inputMode: "url", autoComplete: "url", placeholder: "url" },
  // A text field: a number field would read the browser's locale, not the conversation's.
  [numberInputType]: {
    type: "text",
    inputMode: "decimal",
    autoComplete: "off",
    placeholder: "number",
  },
};

/**
 * Email, URL and number answers. The server validates them and answers a wrong one with
 * the retry message. A number is typed as the input's locale (else the conversation's language) writes it
 * ("3,5" in German), checked here against min, max and step, and sent as the engine reads it ("3.5").
 */
export function TextFieldInput({ input, onSubmit, defaultValue, language }: InputProps<FieldInputType>) {
  const [value, setValue] = useState(defaultValue ?? "");
  const [error, setError] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  useFocusOnMount(field);
  const kind = fieldTypes[input.type];
  const labels = input.options?.labels;
  const numberOptions = input.type === numberInputType ? input.options : undefined;
  const locale = numberOptions?.locale || language;
  // The widget's own words: the conversation's language, else the number's locale.
  const textLanguage = language || numberOptions?.locale;
  const placeholder = labels?.placeholder ?? widgetText(textLanguage, kind.placeholder);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) return;
    if (input.type === numberInputType) {
      const number = toCanonicalNumber(text, locale);
      const problem = getNumberProblem(number, numberOptions, locale, textLanguage);
      if (problem || number === undefined) return setError(problem);
      return onSubmit(number === text ? { text } : { text: number, label: text });
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
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <SendButton label={labels?.button} isDisabled={!value.trim()} language={textLanguage} />
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

/** What is wrong with a number (none, a bound, the step grid from min or 0), bounds written in the locale. */
function getNumberProblem(
  number: string | undefined,
  options: { min?: number | string; max?: number | string; step?: number | string } | undefined,
  locale: string | undefined,
  language: string | undefined,
): string | undefined {
  const value = number === undefined ? Number.NaN : Number(number);
  if (!Number.isFinite(value)) return widgetText(language, "notNumber");
  const [min, max, step] = [toBound(options?.min), toBound(options?.max), toBound(options?.step)];
  if (min !== undefined && value < min)
    return widgetText(language, "atLeast", { min: formatLocaleNumber(min, locale) });
  if (max !== undefined && value > max)
    return widgetText(language, "atMost", { max: formatLocaleNumber(max, locale) });
  const steps = step ? (value - (min ?? 0)) / step : 0;
  if (step && Math.abs(steps - Math.round(steps)) > 1e-9 * Math.max(1, Math.abs(steps)))
    return widgetText(language, "step", { step: formatLocaleNumber(step, locale) });
  return undefined;
}
