/** The error answers of an operation written by hand (a route served outside tRPC), as the procedures' operations list them. */
const ERRORS = {
  "400": "BAD_REQUEST",
  "401": "UNAUTHORIZED",
  "403": "FORBIDDEN",
  "404": "NOT_FOUND",
  "500": "INTERNAL_SERVER_ERROR",
};

export const rawRouteErrorResponses = Object.fromEntries(
  Object.entries(ERRORS).map(([status, code]) => [
    status,
    {
      description: code,
      content: { "application/json": { schema: { $ref: `#/components/schemas/error.${code}` } } },
    },
  ]),
);
