import { Secret, TOTP } from "otpauth";

/** RFC 6238 as authenticator apps read it by default: SHA-1, 6 digits, 30-second steps. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (a clock off by up to 30 seconds). */
const TOTP_WINDOW = 1;
const ISSUER = "Parley";

const totpOf = (secret: string, accountName = "") =>
  new TOTP({
    issuer: ISSUER,
    label: accountName,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new authenticator secret: 160 random bits (RFC 4226's recommended length), base32 as apps take it typed. */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/Parley:<email>?secret=…&issuer=Parley…` URI the QR code carries. */
export function totpUri(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/** The 30-second step of an instant (the TOTP counter). */
export function totpStepAt(timestamp: number): number {
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step of the code `code` is, when it is the secret's code of the current step or of one next to it, and of a
 * step after `lastUsedStep` (a code already accepted, or one older than it, is refused: no replay); null otherwise.
 */
export function findTotpStep(
  secret: string,
  code: string,
  { timestamp = Date.now(), lastUsedStep = null }: { timestamp?: number; lastUsedStep?: number | null } = {},
): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStepAt(timestamp) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** The secret's code at an instant (tests, and nothing else, compute codes). */
export function generateTotpCode(secret: string, timestamp = Date.now()): string {
  return totpOf(secret).generate({ timestamp });
}
