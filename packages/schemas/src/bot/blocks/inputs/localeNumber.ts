// Zod-free: the widget reads it for what visitors type, the engine for replies on text channels (WhatsApp,
// Telegram), where the typed text arrives as it is.

/** How a locale writes numbers: its decimal and grouping marks and its digits (`Intl.NumberFormat`). */
interface NumberSymbols {
  decimal: string;
  group: string;
  digits: string[];
}

function getNumberSymbols(locale: string | undefined): NumberSymbols {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale);
  } catch {
    format = new Intl.NumberFormat("en");
  }
  const parts = format.formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    group: parts.find((part) => part.type === "group")?.value ?? ",",
    digits: Array.from({ length: 10 }, (_, digit) => format.format(digit)),
  };
}

/**
 * A number as the visitor typed it in `locale` ("3,5" and "1.234,5" in German, "1 234,5" in French, Arabic-Indic
 * digits in Arabic) in the form the engine reads: Latin digits, "." as the decimal mark, no grouping ("3.5",
 * "1234.5"); undefined when it is no number. A lone grouping mark that cannot group ("3.5" in German) is read as a
 * decimal mark, as visitors used to the other convention mean it.
 */
export function toCanonicalNumber(text: string, locale: string | undefined): string | undefined {
  const { decimal, group, digits } = getNumberSymbols(locale);
  let value = text.trim().replace(/[\u2212\u2012\u2013]/g, "-");
  digits.forEach((digit, index) => {
    value = value.replaceAll(digit, String(index));
  });
  // Spaces group digits in any locale (French writes 1 234,5 with a narrow no-break space).
  value = value.replace(/[\s\u00a0\u202f]/g, "");
  if (!/\s|\u00a0|\u202f/.test(group)) {
    const grouped = new RegExp(`^[-+]?\\d{1,3}(\\${group}\\d{3})+(\\${decimal}\\d*)?$`);
    if (grouped.test(value)) value = value.replaceAll(group, "");
    else if (!value.includes(decimal) && value.split(group).length === 2)
      value = value.replace(group, decimal);
  }
  if (decimal !== ".") value = value.replace(decimal, ".");
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(value) ? value : undefined;
}

/** A number as the locale writes it (a bound in a message). */
export function formatLocaleNumber(value: number, locale: string | undefined): string {
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(value);
  } catch {
    return String(value);
  }
}
