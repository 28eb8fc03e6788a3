import { findUserOfSession, SESSION_COOKIE } from "@parley/api";
import { getPrisma } from "@parley/db";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";

/** The signed-in user of this request, from the session cookie. */
export async function getSignedInUser() {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? findUserOfSession(getPrisma(), token) : null;
}

export async function requireSignedInUser() {
  const user = await getSignedInUser();
  if (!user) redirect("/sign-in");
  return user;
}
