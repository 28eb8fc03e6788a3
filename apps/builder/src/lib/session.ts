import { getPrisma } from "@parley/db";
import { findUserOfSession, readSessionToken } from "@parley/platform/auth/userSessions";
import { headers } from "next/headers";
import { redirect } from "next/navigation";

/** The signed-in user of this request, from the session cookie (read like the API reads it). */
export async function getSignedInUser() {
  const token = readSessionToken((await headers()).get("cookie"));
  return token ? findUserOfSession(getPrisma(), token) : null;
}

export async function requireSignedInUser() {
  const user = await getSignedInUser();
  if (!user) redirect("/sign-in");
  return user;
}
