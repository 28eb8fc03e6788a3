import { forbidden } from "../errors";

/** Unknown, revoked and expired bearer tokens are FORBIDDEN (decisions.md), on every endpoint alike. */
export const authErrors = {
  unknownToken: () => forbidden("Unknown token", "TOKEN_UNKNOWN"),
  revokedToken: () => forbidden("Token revoked", "TOKEN_REVOKED"),
  expiredToken: () => forbidden("Token expired", "TOKEN_EXPIRED"),
};
