import type { PhoneNumberInputBlock } from "@parley/schemas";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { widgetText } from "../widgetTexts";
import type { InputProps } from "./inputProps";
import { getDefaultPhoneCountry, listPhoneCountries, toInternationalNumber } from "./phoneCountries";
import { SendButton } from "./SendButton";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kind PhoneInput renders (its definition's wire type). */
export const phoneNumberInputType: PhoneNumberInputBlock["type"] = "phone number input";

/** A phone number with a country picker; the server checks it and stores it in E.164. */
export function PhoneInput({
  input,
  onSubmit,
  defaultValue,
  language,
}: InputProps<typeof phoneNumberInputType>) {
  const options = input.options ?? {};
  const countries = useMemo(() => listPhoneCountries(), []);
  const [country, setCountry] = useState(() =>
    getDefaultPhoneCountry(
      options.defaultCountryCode,
      typeof navigator === "undefined" ? undefined : navigator.language,
    ),
  );
  const [value, setValue] = useState(defaultValue ?? "");
  const field = useRef<HTMLInputElement>(null);
  useFocusOnMount(field);
  const placeholder = options.labels?.placeholder ?? widgetText(language, "phone");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = toInternationalNumber(value, country);
    if (number) onSubmit({ text: number, label: value.trim().startsWith("+") ? value.trim() : number });
  };

  return (
    <form className="parley-input" onSubmit={submit}>
      <div className="parley-field-group">
        <select
          className="parley-select"
          aria-label={widgetText(language, "country")}
          value={country.code}
          onChange={(event) => {
            setCountry(countries.find((entry) => entry.code === event.target.value) ?? country);
            field.current?.focus();
          }}
        >
          {countries.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.flag} {entry.name} +{entry.dialCode}
            </option>
          ))}
        </select>
        <input
          ref={field}
          className="parley-field"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={value}
          placeholder={placeholder}
          aria-label={placeholder}
          onChange={(event) => setValue(event.target.value)}
        />
        <SendButton label={options.labels?.button} isDisabled={!value.trim()} language={language} />
      </div>
    </form>
  );
}
