import { type CountryCode, findPhoneNumbersInText, parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * A phone reply as E.164 (`+33612345678`), read with the block's default country for national
 * numbers (`INT` or none: the reply must carry its country code); undefined when not a valid number.
 */
export const parsePhoneReply = (reply: string, defaultCountryCode?: string): string | undefined => {
  const country = toCountryCode(defaultCountryCode);
  const direct = parsePhoneNumberFromString(reply.trim(), country);
  if (direct?.isValid()) return direct.number;
  const found = findPhoneNumbersInText(reply, country ? { defaultCountry: country } : undefined)[0];
  return found?.number.isValid() ? found.number.number : undefined;
};

const toCountryCode = (code: string | undefined): CountryCode | undefined =>
  code && /^[A-Z]{2}$/.test(code) ? (code as CountryCode) : undefined;
