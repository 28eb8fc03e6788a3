import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "@parley/db";
import { createUserAccount } from "@parley/platform/accounts/createUserAccount";
import { createApiToken } from "@parley/platform/auth/apiTokens";
import { z } from "zod";

const demoAccountSchema = z.object({ email: z.string(), password: z.string(), token: z.string() });
export type DemoAccount = z.infer<typeof demoAccountSchema>;

const DEMO_EMAIL = "demo@parley.local";

/**
 * On an empty database, creates a demo user with a workspace and an API token
 * and keeps the credentials in <DATA_DIR>/demo-account.json (mode 600) so
 * later starts can print them again. Returns null once the demo user is gone.
 */
export async function ensureDemoAccount(prisma: Database, dataDir: string): Promise<DemoAccount | null> {
  const file = path.join(dataDir, "demo-account.json");
  if ((await prisma.user.count()) === 0) {
    const password = randomBytes(9).toString("base64url");
    const { user } = await createUserAccount(prisma, {
      email: DEMO_EMAIL,
      password,
      name: "Demo",
      workspaceName: "Demo workspace",
    });
    const { token } = await createApiToken(prisma, user.id, "Demo token");
    const account = { email: DEMO_EMAIL, password, token };
    await writeFile(file, JSON.stringify(account, null, 2), { mode: 0o600 });
    return account;
  }
  if (!existsSync(file)) return null;
  const account = demoAccountSchema.parse(JSON.parse(await readFile(file, "utf8")));
  const stillExists = await prisma.user.findUnique({ where: { email: account.email }, select: { id: true } });
  return stillExists ? account : null;
}
