import type { DateInputBlock, TimeInputBlock } from "@parley/schemas";
import { getDateInputFormat } from "@parley/schemas/bot/blocks/inputs/dateFormat";
import { type FormEvent, useId, useRef, useState } from "react";
import { widgetText } from "../widgetTexts";
import { DateField } from "./DateField";
import { formatDate, toDateFieldBound } from "./formatDate";
import { InputError } from "./InputError";
import type { InputProps } from "./inputProps";
import {
  getDateFieldPattern,
  getFieldPlaceholder,
  getTimeFieldPattern,
  parseDateFieldText,
  toIsoValue,
} from "./localeDate";
import { SendButton } from "./SendButton";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kind DateInput renders (its definition's wire type). */
export const dateInputType: DateInputBlock["type"] = "date input";

/**
 * A date (or date and time), or a range of them, typed or picked in the input's locale (the conversation's
 * language; `30/11/2026` in French, `30.11.2026` in German). Sends ISO values (`2026-05-01`, `2026-05-01T10:30`,
 * ranges joined by " to ") that the server parses and formats; the visitor's own bubble shows them as the server
 * stores them (the block's pattern, else its locale's, names in its locale).
 */
export function DateInput({ input, onSubmit, language }: InputProps<typeof dateInputType>) {
  const options = input.options ?? {};
  const hasTime = options.hasTime === true;
  const format = getDateInputFormat(options);
  const locale = options.locale || language || undefined;
  // The widget's own words: the conversation's language, else the date's locale.
  const textLanguage = language || options.locale;
  const labels = {
    from: widgetText(textLanguage, "start"),
    to: widgetText(textLanguage, "end"),
    ...options.labels,
  };
  const pattern = getDateFieldPattern(locale, hasTime);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [error, setError] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  useFocusOnMount(field);
  const min = toDateFieldBound(options.min, hasTime);
  const max = toDateFieldBound(options.max, hasTime);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = parseDateFieldText(from, pattern, locale);
    const end = options.isRange ? parseDateFieldText(to, pattern, locale) : undefined;
    if (!start || (options.isRange && !end))
      return setError(widgetText(textLanguage, "dateAs", { pattern: getFieldPlaceholder(pattern, locale) }));
    if (end && end < start) return setError(widgetText(textLanguage, "dateOrder"));
    const values = [start, end].flatMap((date) => (date ? [toIsoValue(date, hasTime)] : []));
    if (values.some((value) => (min && value < min) || (max && value > max)))
      return setError(widgetText(textLanguage, "outOfRange"));
    const separator = ` ${options.labels?.separator ?? "to"} `;
    onSubmit({
      text: values.join(separator),
      label: [start, end]
        .flatMap((date) => (date ? [formatDate(date, format, options.locale || undefined)] : []))
        .join(separator),
    });
  };

  const field1 = (
    <DateField
      fieldRef={field}
      id={`${id}-from`}
      ariaLabel={options.isRange ? undefined : widgetText(textLanguage, "date")}
      pattern={pattern}
      locale={locale}
      text={from}
      min={min}
      max={max}
      onTextChange={(text) => {
        setFrom(text);
        setError(undefined);
      }}
    />
  );
  return (
    <form className="parley-input" onSubmit={submit} noValidate>
      <div className="parley-field-group parley-date">
        {options.isRange ? (
          <>
            <label htmlFor={`${id}-from`}>
              {labels.from}
              {field1}
            </label>
            <label htmlFor={`${id}-to`}>
              {labels.to}
              <DateField
                id={`${id}-to`}
                pattern={pattern}
                locale={locale}
                text={to}
                min={min}
                max={max}
                onTextChange={(text) => {
                  setTo(text);
                  setError(undefined);
                }}
              />
            </label>
          </>
        ) : (
          field1
        )}
        <SendButton
          label={labels.button}
          language={textLanguage}
          isDisabled={!from.trim() || (options.isRange === true && !to.trim())}
        />
      </div>
      <InputError message={error} />
    </form>
  );
}

/** The input kind TimeInput renders (its definition's wire type). */
export const timeInputType: TimeInputBlock["type"] = "time input";

/**
 * A time of day typed as the conversation's language writes it (`14:30`, `02:30 PM` in American English), where a
 * time field would follow the browser's; sent as `HH:mm`, shown in the block's format.
 */
export function TimeInput({ input, onSubmit, language }: InputProps<typeof timeInputType>) {
  const options = input.options ?? {};
  const pattern = getTimeFieldPattern(language);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  useFocusOnMount(field);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const time = parseDateFieldText(value, pattern, language);
    if (!time)
      return setError(widgetText(language, "timeAs", { pattern: getFieldPlaceholder(pattern, language) }));
    // The label as the server stores the answer (the block's format, English day periods).
    onSubmit({ text: formatDate(time, "HH:mm"), label: formatDate(time, options.format || "HH:mm") });
  };
  return (
    <form className="parley-input" onSubmit={submit} noValidate>
      <div className="parley-field-group">
        <input
          ref={field}
          className="parley-field"
          type="text"
          inputMode={pattern.includes("a") ? "text" : "numeric"}
          autoComplete="off"
          value={value}
          placeholder={getFieldPlaceholder(pattern, language)}
          aria-label={widgetText(language, "time")}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <SendButton label={options.labels?.button} isDisabled={!value.trim()} language={language} />
      </div>
      <InputError message={error} />
    </form>
  );
}
