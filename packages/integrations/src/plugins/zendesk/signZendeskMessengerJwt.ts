import { createHmac } from "node:crypto";

/** What Zendesk messaging reads from a visitor's JWT (`scope` and `external_id` are required). */
export interface ZendeskMessengerClaims {
  scope: "user";
  external_id: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

const base64Url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

/**
 * The JWT Zendesk's messaging widget signs a visitor in with (`zE("messenger", "loginUser", …)`): HS256 over
 * the claims, the messaging key's ID in the header's `kid`, signed with its secret.
 */
export function signZendeskMessengerJwt(input: {
  keyId: string;
  secret: string;
  claims: ZendeskMessengerClaims;
}): string {
  const header = base64Url(JSON.stringify({ alg: "HS256", typ: "JWT", kid: input.keyId }));
  const payload = base64Url(JSON.stringify(input.claims));
  const signature = createHmac("sha256", input.secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}
