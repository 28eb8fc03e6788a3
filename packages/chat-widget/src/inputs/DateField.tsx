import { type Ref, useRef, useState } from "react";
import { widgetText } from "../widgetTexts";
import { Calendar } from "./Calendar";
import { formatDate } from "./formatDate";
import { getFieldPlaceholder, parseDateFieldText } from "./localeDate";

interface DateFieldProps {
  id: string;
  /** The field's name for screen readers when no `<label>` names it. */
  ariaLabel?: string;
  /** The pattern it is typed and shown in (`getDateFieldPattern`). */
  pattern: string;
  locale: string | undefined;
  text: string;
  onTextChange: (text: string) => void;
  /** ISO bounds of the calendar's days. */
  min?: string;
  max?: string;
  fieldRef?: Ref<HTMLInputElement>;
}

/** "Calendar" in the locale's words: the name of the Gregorian calendar ("calendrier grégorien"), else the widget's. */
function getCalendarName(locale: string | undefined): string {
  try {
    const name = new Intl.DisplayNames(locale ?? "en", { type: "calendar" }).of("gregory");
    if (name) return name;
  } catch {}
  return widgetText(locale, "calendar");
}

/**
 * A date typed as the conversation's locale writes it (`30.11.2026` in German), with a calendar to pick it from;
 * a date typed any other way the pattern reads (`1.5.26`, `01052026`) is rewritten in full when the field is left.
 */
export function DateField({
  id,
  ariaLabel,
  pattern,
  locale,
  text,
  onTextChange,
  min,
  max,
  fieldRef,
}: DateFieldProps) {
  const [isOpen, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const selected = parseDateFieldText(text, pattern, locale);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <span className="parley-date-field">
      <input
        ref={fieldRef}
        id={id}
        className="parley-field"
        type="text"
        inputMode={pattern.includes("a") ? "text" : "numeric"}
        autoComplete="off"
        value={text}
        placeholder={getFieldPlaceholder(pattern, locale)}
        aria-label={ariaLabel}
        onChange={(event) => onTextChange(event.target.value)}
        onBlur={() => {
          if (selected) onTextChange(formatDate(selected, pattern, locale));
        }}
      />
      <button
        ref={toggle}
        type="button"
        className="parley-calendar-toggle"
        aria-label={getCalendarName(locale)}
        aria-expanded={isOpen}
        onClick={() => setOpen(!isOpen)}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
      </button>
      {isOpen && (
        <Calendar
          locale={locale ?? "en-GB"}
          selected={selected}
          min={min?.slice(0, 10)}
          max={max?.slice(0, 10)}
          onPick={(day) => {
            // A picked day keeps the time already typed.
            if (selected) day.setHours(selected.getHours(), selected.getMinutes());
            onTextChange(formatDate(day, pattern, locale));
            close();
          }}
          onClose={close}
        />
      )}
    </span>
  );
}
