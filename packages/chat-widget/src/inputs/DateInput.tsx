import type { DateInputBlock, TimeInputBlock } from "@parley/schemas";
import { getDateInputFormat } from "@parley/schemas/bot/blocks/inputs/dateFormat";
import { type FormEvent, useId, useRef, useState } from "react";
import { formatDate, parseDateFieldValue, toDateFieldBound } from "./formatDate";
import { InputError } from "./InputError";
import type { InputProps } from "./inputProps";
import { SendButton } from "./SendButton";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kind DateInput renders (its definition's wire type). */
export const dateInputType: DateInputBlock["type"] = "date input";

/**
 * A date (or date and time), or a range of them. Sends ISO values (`2026-05-01`,
 * `2026-05-01T10:30`, ranges joined by " to ") that the server parses and formats; the visitor's own
 * bubble shows them as the server stores them (the block's pattern, else its locale's, names in its locale).
 */
export function DateInput({ input, onSubmit }: InputProps<typeof dateInputType>) {
  const options = input.options ?? {};
  const hasTime = options.hasTime === true;
  const labels = { from: "From:", to: "To:", button: "Send", ...options.labels };
  const format = getDateInputFormat(options);
  const locale = options.locale || undefined;
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [error, setError] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  useFocusOnMount(field);
  const type = hasTime ? "datetime-local" : "date";
  const min = toDateFieldBound(options.min, hasTime);
  const max = toDateFieldBound(options.max, hasTime);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = parseDateFieldValue(from);
    const end = options.isRange ? parseDateFieldValue(to) : undefined;
    if (!start || (options.isRange && !end))
      return setError(options.isRange ? "Please pick both dates." : "Please pick a date.");
    if (end && end < start) return setError("The end date must come after the start date.");
    const outOfRange = [from, to].some((value) => value && ((min && value < min) || (max && value > max)));
    if (outOfRange) return setError("Please pick a date within the allowed range.");
    const separator = ` ${options.labels?.separator ?? "to"} `;
    onSubmit({
      text: end ? `${from}${separator}${to}` : from,
      label: end
        ? `${formatDate(start, format, locale)}${separator}${formatDate(end, format, locale)}`
        : formatDate(start, format, locale),
    });
  };

  const field1 = (
    <input
      ref={field}
      id={`${id}-from`}
      className="parley-field"
      type={type}
      value={from}
      min={min}
      max={max}
      aria-label={options.isRange ? labels.from : "Date"}
      onChange={(event) => {
        setFrom(event.target.value);
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
              <input
                id={`${id}-to`}
                className="parley-field"
                type={type}
                value={to}
                min={from || min}
                max={max}
                onChange={(event) => {
                  setTo(event.target.value);
                  setError(undefined);
                }}
              />
            </label>
          </>
        ) : (
          field1
        )}
        <SendButton label={labels.button} isDisabled={!from || (options.isRange === true && !to)} />
      </div>
      <InputError message={error} />
    </form>
  );
}

/** The input kind TimeInput renders (its definition's wire type). */
export const timeInputType: TimeInputBlock["type"] = "time input";

/** A time of day; sent as `HH:mm`, shown in the block's format. */
export function TimeInput({ input, onSubmit }: InputProps<typeof timeInputType>) {
  const options = input.options ?? {};
  const [value, setValue] = useState("");
  const field = useRef<HTMLInputElement>(null);
  useFocusOnMount(field);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const match = /^(\d{2}):(\d{2})/.exec(value);
    if (!match) return;
    const time = new Date(2000, 0, 1, Number(match[1]), Number(match[2]));
    onSubmit({ text: `${match[1]}:${match[2]}`, label: formatDate(time, options.format || "HH:mm") });
  };
  return (
    <form className="parley-input" onSubmit={submit} noValidate>
      <div className="parley-field-group">
        <input
          ref={field}
          className="parley-field"
          type="time"
          value={value}
          aria-label="Time"
          onChange={(event) => setValue(event.target.value)}
        />
        <SendButton label={options.labels?.button} isDisabled={!value} />
      </div>
    </form>
  );
}
