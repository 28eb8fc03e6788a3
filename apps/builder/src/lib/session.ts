import { getPrisma } from "@parley/db";
import { assertWorkspaceSignIn, type SignedInCaller } from "@parley/platform/access/assertWorkspaceSignIn";
import { findUserOfSession, readSessionToken } from "@parley/platform/auth/userSessions";
import { AppError } from "@parley/platform/errors";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

/**
 * The signed-in user of this request, from the session cookie (read like the API reads it); read once per request
 * (the layout's interface language and the page both ask).
 */
export const getSignedInUser = cache(async () => {
  const token = readSessionToken((await headers()).get("cookie"));
  return token ? findUserOfSession(getPrisma(), token) : null;
});

export async function requireSignedInUser() {
  const user = await getSignedInUser();
  if (!user) redirect("/sign-in");
  return user;
}

/**
 * A page of a workspace that requires its single sign-on, opened by a member who did not sign in through it:
 * to the workspace's identity provider (as the API's `SSO_REQUIRED` refusal sends the client pages).
 */
export function redirectUnlessSignedInFor(
  user: SignedInCaller,
  access: Parameters<typeof assertWorkspaceSignIn>[1] & { workspaceId: string },
) {
  try {
    assertWorkspaceSignIn(user, access);
  } catch (error) {
    if (error instanceof AppError)
      redirect(`/api/auth/sso/start?workspaceId=${encodeURIComponent(access.workspaceId)}`);
    throw error;
  }
}
