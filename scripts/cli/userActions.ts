import { createUserAccount } from "@parley/platform/accounts/createUserAccount";
import { resetTwoFactor as resetAccountTwoFactor } from "@parley/platform/accounts/resetTwoFactor";
import { setUserPassword } from "@parley/platform/accounts/setUserPassword";
import { z } from "zod";
import { cliAuditRequest } from "./cliAuditRequest";
import type { CommandRun } from "./cliContext";
import { writeList, writeResult } from "./output";
import { idOption, limitOption, parseOptions } from "./parseOptions";
import { readSecret } from "./readSecret";

export async function listUsers(run: CommandRun, values: unknown) {
  const input = parseOptions(
    z.object({
      email: z.string().trim().min(1).optional(),
      workspaceId: idOption.optional(),
      limit: limitOption,
    }),
    values,
  );
  const prisma = await run.database();
  const users = await prisma.user.findMany({
    where: {
      ...(input.email ? { email: { contains: input.email, mode: "insensitive" as const } } : {}),
      ...(input.workspaceId ? { workspaces: { some: { workspaceId: input.workspaceId } } } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: input.limit,
    select: {
      id: true,
      email: true,
      name: true,
      createdAt: true,
      lastActivityAt: true,
      workspaces: { select: { workspaceId: true, role: true }, orderBy: { createdAt: "asc" } },
    },
  });
  writeList(
    run,
    users,
    [
      { key: "id", title: "ID" },
      { key: "email", title: "EMAIL" },
      { key: "name", title: "NAME" },
      { key: "workspaces", title: "WORKSPACES" },
      { key: "createdAt", title: "CREATED" },
      { key: "lastActivityAt", title: "LAST ACTIVE", none: "never" },
    ],
    "No users",
  );
}

export async function createUser(run: CommandRun, values: unknown) {
  const input = parseOptions(
    z.object({
      email: z.email(),
      password: z.string().min(8),
      name: z.string().optional(),
      workspace: z.string().min(1).optional(),
    }),
    values,
  );
  const prisma = await run.database();
  const { user, workspace } = await createUserAccount(prisma, { ...input, workspaceName: input.workspace });
  writeResult(run, { id: user.id, email: user.email, workspaceId: workspace?.id ?? null }, user.id);
}

export async function resetPassword(run: CommandRun, values: unknown) {
  const { email } = parseOptions(z.object({ email: z.email() }), values);
  const password = await readSecret(run, "New password");
  const prisma = await run.database();
  const { signedOutSessions } = await setUserPassword(prisma, { email, password });
  writeResult(
    run,
    { email, signedOutSessions },
    `Password of ${email} changed; ${signedOutSessions} builder session(s) signed out`,
  );
}

export async function resetTwoFactor(run: CommandRun, values: unknown) {
  const input = parseOptions(z.object({ email: z.email() }), values);
  const prisma = await run.database();
  // The account's own log shows it (a user-level entry), the operator named in the user agent.
  const { email, wasEnabled } = await resetAccountTwoFactor(prisma, { ...input, audit: cliAuditRequest });
  writeResult(
    run,
    { email, wasEnabled },
    wasEnabled
      ? `Two-factor sign-in of ${email} turned off; it signs in with its first factor alone until it sets it up again`
      : `${email} had no two-factor sign-in: nothing changed`,
  );
}
