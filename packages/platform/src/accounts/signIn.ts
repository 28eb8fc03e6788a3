import type { Database } from "@parley/db";
import { verifyPassword } from "../auth/passwords";
import { createUserSession } from "../auth/userSessions";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";

const invalidCredentials = () =>
  new AppError("BAD_REQUEST", [{ message: "Wrong email or password", code: "INVALID_CREDENTIALS" }]);

// Verifying against a fixed hash when the user is unknown keeps the timing of both failures alike.
const UNKNOWN_USER_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0cQ4Pm5kQ2qzKSYQ9S0o0YSXKyF9Dg2E+0Qv7Zz2N0E";

export async function signIn(prisma: Database, { email, password }: { email: string; password: string }) {
  const user = await prisma.user.findUnique({
    where: { email: normalizeEmail(email) },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const isValid = await verifyPassword(user?.passwordHash ?? UNKNOWN_USER_HASH, password);
  if (!user || !isValid) throw invalidCredentials();
  const session = await createUserSession(prisma, user.id);
  return { user: { id: user.id, email: user.email, name: user.name }, session };
}
