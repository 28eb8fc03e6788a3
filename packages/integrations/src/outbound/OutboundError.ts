export const outboundErrorCodes = [
  "INVALID_URL",
  "INVALID_REQUEST",
  "BLOCKED_ADDRESS",
  "TIMEOUT",
  "RESPONSE_TOO_LARGE",
  "TOO_MANY_REDIRECTS",
  "NETWORK_ERROR",
] as const;

export type OutboundErrorCode = (typeof outboundErrorCodes)[number];

/** The only error `safeFetch` rejects with: a code the caller can branch on and a message fit for a log. */
export class OutboundError extends Error {
  readonly code: OutboundErrorCode;
  /** The URL of the hop that failed (after redirects), when one was parsed. */
  readonly url: string | null;

  constructor(
    code: OutboundErrorCode,
    message: string,
    options: { url?: string | null; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "OutboundError";
    this.code = code;
    this.url = options.url ?? null;
  }
}

export function isOutboundError(error: unknown): error is OutboundError {
  return error instanceof OutboundError;
}
