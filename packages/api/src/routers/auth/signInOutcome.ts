import { type FirstFactorOutcome, SIGN_IN_CHALLENGE_COOKIE } from "@parley/platform/accounts/signInSession";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { z } from "zod";
import type { Context } from "../../context";
import { sessionUserSchema } from "./sessionUserSchema";

/**
 * What a first factor answers: signed in (the session cookie is set), or `secondFactorRequired` (the challenge's
 * cookie is set, for `auth.verifySecondFactor`; the builder then asks for the code).
 */
export const signInOutcomeSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("signedIn"), user: sessionUserSchema }),
  z.object({ status: z.literal("secondFactorRequired") }),
]);

export function answerSignIn(ctx: Pick<Context, "cookies">, outcome: FirstFactorOutcome) {
  if (outcome.status === "secondFactorRequired") {
    ctx.cookies?.set(SIGN_IN_CHALLENGE_COOKIE, outcome.challenge.token, {
      expires: outcome.challenge.expiresAt,
    });
    return { status: "secondFactorRequired" as const };
  }
  ctx.cookies?.delete(SIGN_IN_CHALLENGE_COOKIE);
  ctx.cookies?.set(SESSION_COOKIE, outcome.session.token, { expires: outcome.session.expiresAt });
  const { id, email, name } = outcome.user;
  return { status: "signedIn" as const, user: { id, email, name } };
}
