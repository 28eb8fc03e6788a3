import { type KeyboardEvent, useEffect, useRef, useState } from "react";

interface CalendarProps {
  /** BCP 47: month and weekday names, digits, the first day of the week. */
  locale: string;
  selected: Date | undefined;
  /** ISO bounds (`2026-11-30`): days outside are disabled. */
  min?: string;
  max?: string;
  onPick: (day: Date) => void;
  onClose: () => void;
}

const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
const addMonths = (date: Date, months: number) => {
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), lastDay));
};
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** The locale's first day of the week, 1 (Monday) to 7 (Sunday); Monday when the browser cannot tell. */
function getFirstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    return (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/** The day a key moves the focus to (WAI-ARIA date picker grid), undefined for another key. */
function getKeyTarget(key: string, focused: Date, weekday: number, isRtl: boolean): Date | undefined {
  switch (key) {
    case "ArrowLeft":
      return addDays(focused, isRtl ? 1 : -1);
    case "ArrowRight":
      return addDays(focused, isRtl ? -1 : 1);
    case "ArrowUp":
      return addDays(focused, -7);
    case "ArrowDown":
      return addDays(focused, 7);
    case "PageUp":
      return addMonths(focused, -1);
    case "PageDown":
      return addMonths(focused, 1);
    case "Home":
      return addDays(focused, -weekday);
    case "End":
      return addDays(focused, 6 - weekday);
    default:
      return undefined;
  }
}

/**
 * A month to pick a day from, written with `Intl` in the conversation's locale: its title, weekday names from the
 * locale's first day of the week, each day's full date for screen readers. Keyboard as the WAI-ARIA date picker
 * dialog: arrows move by day and week (mirrored right to left), Page Up/Down by month, Home/End to the week's
 * ends, Enter picks, Escape closes.
 */
export function Calendar({ locale, selected, min, max, onPick, onClose }: CalendarProps) {
  const [focused, setFocused] = useState(() => selected ?? new Date());
  const grid = useRef<HTMLTableElement>(null);
  // It opens below the field, inside the chat's scrolling list: brought into view whole, since above the field it
  // could reach past the top of a short conversation, where nothing scrolls to it and its days cannot be clicked.
  useEffect(() => {
    // (Not every DOM has scrollIntoView: jsdom in the widget's tests does not.)
    grid.current?.closest<HTMLElement>(".parley-calendar")?.scrollIntoView?.({ block: "nearest" });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keyboard focus follows the focused day.
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const monthTitle = (date: Date) =>
    new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(date);
  const fullDate = new Intl.DateTimeFormat(locale, { dateStyle: "full" });
  const dayNumber = new Intl.DateTimeFormat(locale, { day: "numeric" });
  const firstDay = getFirstDayOfWeek(locale);
  // 4 January 2026 is a Sunday: day 1 (Monday) to 7 (Sunday) of that week.
  const weekdays = Array.from(
    { length: 7 },
    (_, index) => new Date(2026, 0, 4 + (((firstDay + index - 1) % 7) + 1)),
  );
  const start = new Date(focused.getFullYear(), focused.getMonth(), 1);
  const offset = (start.getDay() - (firstDay % 7) + 7) % 7;
  const days = new Date(focused.getFullYear(), focused.getMonth() + 1, 0).getDate();
  const weeks = Array.from({ length: Math.ceil((offset + days) / 7) }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => {
      const date = week * 7 + day - offset + 1;
      return date >= 1 && date <= days ? new Date(focused.getFullYear(), focused.getMonth(), date) : null;
    }),
  );
  const isDisabled = (date: Date) =>
    (min !== undefined && isoDay(date) < min) || (max !== undefined && isoDay(date) > max);
  const today = isoDay(new Date());

  const onKeyDown = (event: KeyboardEvent) => {
    const isRtl = grid.current ? getComputedStyle(grid.current).direction === "rtl" : false;
    const weekday = (focused.getDay() - (firstDay % 7) + 7) % 7;
    const next = getKeyTarget(event.key, focused, weekday, isRtl);
    if (event.key === "Escape") onClose();
    else if (next) setFocused(next);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const navigation = (months: -1 | 1) => {
    const target = addMonths(focused, months);
    return (
      <button
        type="button"
        className="parley-calendar-nav"
        aria-label={monthTitle(target)}
        data-direction={months < 0 ? "previous" : "next"}
        onClick={() => setFocused(target)}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d={months < 0 ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6"} />
        </svg>
      </button>
    );
  };

  return (
    <div className="parley-calendar" role="dialog" aria-label={monthTitle(focused)} onKeyDown={onKeyDown}>
      <div className="parley-calendar-header">
        {navigation(-1)}
        <span aria-live="polite">{monthTitle(focused)}</span>
        {navigation(1)}
      </div>
      <table ref={grid}>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th
                key={weekday.getDay()}
                scope="col"
                abbr={weekday.toLocaleDateString(locale, { weekday: "long" })}
              >
                {weekday.toLocaleDateString(locale, { weekday: "narrow" })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)?.getDate()}>
              {week.map((date, index) =>
                date ? (
                  <td key={date.getDate()}>
                    <button
                      type="button"
                      tabIndex={date.getDate() === focused.getDate() ? 0 : -1}
                      aria-label={fullDate.format(date)}
                      aria-pressed={selected !== undefined && isoDay(selected) === isoDay(date)}
                      aria-current={isoDay(date) === today ? "date" : undefined}
                      disabled={isDisabled(date)}
                      onClick={() => onPick(date)}
                    >
                      {dayNumber.format(date)}
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the blank days before and after the month.
                  <td key={`blank-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
