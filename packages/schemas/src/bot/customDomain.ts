import { textSchema } from "../text";

/** The label before the host in the name of the TXT record that proves a custom domain is the author's. */
export const customDomainTxtLabel = "_parley";
/** A host leaves room for `_parley.` within DNS's 253 characters. */
const maxHostLength = 253 - customDomainTxtLabel.length - 1;
const maxLength = 255;
const labelPattern = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
// The last label starts with a letter: an IP address is not a custom domain.
const topLevelPattern = /^[a-z][a-z0-9-]*$/;
const pathSegmentPattern = /^[a-z0-9._~-]+$/;
// Characters a host may not carry before IDN conversion: a port, credentials, escapes, a query.
const hostForbidden = /[\s:@%?#\\[\]<>"'`{}|^]/u;

/**
 * A custom domain as stored and compared: an ASCII host (IDN turned to punycode by the WHATWG URL
 * parser, lower-cased, no trailing dot), then optionally `/` and a path of lower-case segments
 * (no `.` or `..`, no empty segment, no trailing slash). Null when the value is not one.
 */
export function normalizeCustomDomain(value: string): string | null {
  const trimmed = value.trim().replace(/\/+$/, "");
  const slash = trimmed.indexOf("/");
  const rawHost = slash === -1 ? trimmed : trimmed.slice(0, slash);
  const rawPath = slash === -1 ? "" : trimmed.slice(slash + 1);
  if (!rawHost || hostForbidden.test(rawHost)) return null;
  let host: string;
  try {
    host = new URL(`http://${rawHost}`).hostname.replace(/\.$/, "");
  } catch {
    return null;
  }
  const labels = host.split(".");
  const topLevel = labels.at(-1) ?? "";
  if (host.length > maxHostLength || labels.length < 2 || !topLevelPattern.test(topLevel)) return null;
  if (!labels.every((label) => labelPattern.test(label))) return null;
  const segments = rawPath ? rawPath.toLowerCase().split("/") : [];
  const isPathValid = segments.every(
    (segment) => pathSegmentPattern.test(segment) && segment !== "." && segment !== "..",
  );
  if (!isPathValid) return null;
  const domain = [host, ...segments].join("/");
  return domain.length <= maxLength ? domain : null;
}

/** The host and path (`""` at the root, else `/a/b`) of a normalized custom domain. */
export function splitCustomDomain(domain: string): { host: string; path: string } {
  const slash = domain.indexOf("/");
  return slash === -1
    ? { host: domain, path: "" }
    : { host: domain.slice(0, slash), path: domain.slice(slash) };
}

/**
 * `customDomain` in requests: a host name (`chat.example.com`, IDN allowed: `bücher.example` is
 * stored as `xn--bcher-kva.example`), optionally followed by a path (`example.com/support`),
 * normalized by `normalizeCustomDomain`; anything else is refused with a message naming the rule.
 */
export const customDomainSchema = textSchema
  .max(1024)
  .overwrite((value) => normalizeCustomDomain(value) ?? value)
  .refine((value) => normalizeCustomDomain(value) === value, {
    message:
      "A host name such as chat.example.com (letters, digits and hyphens between dots, no port), optionally followed by a path such as /support",
  })
  .meta({
    description:
      "A host name, optionally with a path (`chat.example.com`, `example.com/support`); stored lower-cased, IDN as punycode. Unique across the install.",
    example: "chat.example.com",
  });
