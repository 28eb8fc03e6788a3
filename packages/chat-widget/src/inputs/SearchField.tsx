import type { RefObject } from "react";

/** The filter above searchable choices. */
export function SearchField({
  value,
  placeholder,
  onChange,
  fieldRef,
}: {
  value: string;
  placeholder: string | undefined;
  onChange: (value: string) => void;
  fieldRef: RefObject<HTMLInputElement | null>;
}) {
  const label = placeholder ?? "Filter the options...";
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
