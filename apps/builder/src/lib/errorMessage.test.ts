import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { getErrorIssueCodes, getErrorMessage, getRetryAfterSeconds } from "./errorMessage";

// The error a tRPC procedure answers, as the builder's client receives it (packages/api/src/trpc.ts).
function apiError(data: Record<string, unknown>): TRPCClientError<never> {
  return TRPCClientError.from({ error: { message: "Invalid input data", code: -32600, data } } as never);
}

const body = {
  code: "BAD_REQUEST",
  message: "Invalid input data",
  issues: [{ message: "Wrong email or password", code: "INVALID_CREDENTIALS" }],
};

describe("API error messages", () => {
  it("shows the first issue's message and lists the issue codes when no wait is given", () => {
    const error = apiError({ code: "BAD_REQUEST", httpStatus: 400, body });
    expect(getErrorMessage(error)).toBe("Wrong email or password");
    expect(getErrorIssueCodes(error)).toEqual(["INVALID_CREDENTIALS"]);
    expect(getRetryAfterSeconds(error)).toBeNull();
  });

  it("reads a rate limit's wait", () => {
    const error = apiError({ code: "TOO_MANY_REQUESTS", httpStatus: 429, body, retryAfterSeconds: 42 });
    expect(getRetryAfterSeconds(error)).toBe(42);
  });

  it("falls back to the body's message, then the error's own", () => {
    expect(
      getErrorMessage(apiError({ body: { code: "FORBIDDEN", message: "Not allowed", issues: [] } })),
    ).toBe("Not allowed");
    expect(getErrorMessage(apiError({ body: "not an object" }))).toBe("Invalid input data");
  });
});
