import type { RefObject } from "react";
import { widgetText } from "../widgetTexts";

/** The filter above searchable choices. */
export function SearchField({
  value,
  placeholder,
  onChange,
  fieldRef,
  language,
}: {
  value: string;
  placeholder: string | undefined;
  onChange: (value: string) => void;
  fieldRef: RefObject<HTMLInputElement | null>;
  /** The conversation's language: the default placeholder is written in it. */
  language?: string;
}) {
  const label = placeholder ?? widgetText(language, "filter");
  return (
    <div className="parley-field-group parley-search">
      <input
        ref={fieldRef}
        className="parley-field"
        type="search"
        value={value}
        placeholder={label}
        aria-label={label}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
