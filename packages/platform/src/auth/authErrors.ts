import { forbidden } from "../errors";

/** Unknown and revoked bearer tokens are FORBIDDEN (decisions.md), on every endpoint alike. */
export const authErrors = {
  unknownToken: () => forbidden("Unknown token", "TOKEN_UNKNOWN"),
  revokedToken: () => forbidden("Token revoked", "TOKEN_REVOKED"),
};
