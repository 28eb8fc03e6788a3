import { getPrisma } from "@parley/db";
import { findUserOfSession, readSessionToken } from "@parley/platform/auth/userSessions";
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
