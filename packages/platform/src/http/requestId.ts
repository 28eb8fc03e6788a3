import { createId } from "@parley/db/ids";

const REQUEST_ID_PATTERN = /^[\w-]{8,128}$/;

/** The id of a request: the incoming `x-request-id` when well-formed (`[A-Za-z0-9_-]{8,128}`), else a new one. */
export function readRequestId(incoming: string | null | undefined): string {
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : createId();
}
