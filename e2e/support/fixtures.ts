import { randomUUID } from "node:crypto";
import type { Bot } from "@parley/schemas";
import { type APIRequestContext, test as base, expect } from "@playwright/test";

export interface NewUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** The personal workspace created at sign-up. */
  workspaceId: string;
}

/**
 * Retries of a request whose kept-alive connection the server closed as it was sent (ECONNRESET: the server's idle
 * timeout, 5 s by default, raced the request, which it never read). A browser retries those by itself; Playwright's
 * request context only when asked.
 */
export const staleConnectionRetries = 2;

/** Calls a tRPC mutation of the builder as the browser does (same cookies as the page). */
export async function callMutation<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, {
    data: input,
    maxRetries: staleConnectionRetries,
  });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${path} failed (${response.status()}): ${JSON.stringify(body)}`);
  return body.result.data as T;
}

/** Calls a tRPC query of the builder as the browser does. */
export async function callQuery<T>(request: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await request.get(`/api/trpc/${path}${query}`, { maxRetries: staleConnectionRetries });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${path} failed (${response.status()}): ${JSON.stringify(body)}`);
  return body.result.data as T;
}

/**
 * Makes a user a member of a workspace as people do: the ADMIN invites their address (adding a member invites)
 * and the user accepts the invitation, each in their own browser context.
 */
export async function addMemberByInvitation(
  admin: APIRequestContext,
  invitee: APIRequestContext,
  input: { workspaceId: string; email: string; role: "ADMIN" | "MEMBER" | "GUEST" },
) {
  const { invitation } = await callMutation<{ invitation: { id: string } }>(
    admin,
    "members.addMember",
    input,
  );
  await callMutation(invitee, "invitations.acceptMyInvitation", { invitationId: invitation.id });
}

/** Signs a brand-new user up in this browser context (cookie set), without going through the form. */
export async function signUpNewUser(request: APIRequestContext, name = "Test Author"): Promise<NewUser> {
  const email = `e2e-${randomUUID()}@example.test`;
  const password = "a long enough password";
  const { user, workspaceId } = await callMutation<{ user: { id: string }; workspaceId: string }>(
    request,
    "auth.signUp",
    { email, password, name },
  );
  return { id: user.id, email, password, name, workspaceId };
}

/** `user`: a new signed-in author with a personal workspace, for each test. */
export const test = base.extend<{ user: NewUser }>({
  user: async ({ page }, use) => {
    await use(await signUpNewUser(page.request));
  },
});

export { expect };

/** A bot created through the API (as the dashboard does), in the user's workspace. */
export async function createBot(
  request: APIRequestContext,
  workspaceId: string,
  bot: Record<string, unknown> = {},
): Promise<{ id: string; name: string; publicId: string | null }> {
  const { bot: created } = await callMutation<{ bot: { id: string; name: string; publicId: string | null } }>(
    request,
    "bots.createBot",
    { workspaceId, bot: { name: "Test bot", ...bot } },
  );
  return created;
}

/** The bot as GET /bots/{botId} returns it. */
export async function getBot(request: APIRequestContext, botId: string) {
  const { bot } = await callQuery<{ bot: Bot }>(request, "bots.getBot", { botId });
  return bot;
}
