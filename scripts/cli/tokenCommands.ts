import { normalizeEmail } from "@parley/platform/accounts/createUserAccount";
import { createApiToken } from "@parley/platform/auth/apiTokens";
import { AppError } from "@parley/platform/errors";
import type { Command } from "commander";
import { z } from "zod";
import { type CliContext, writeLine } from "./cliContext";
import { idOption, parseOptions } from "./parseOptions";

export function addTokenCommands(program: Command, context: CliContext) {
  const token = program.command("token").description("API tokens (bt_…)");
  token
    .command("create")
    .description("Prints a new API token of that user, and nothing else.")
    .requiredOption("--email <email>", "the token's owner")
    .option("--name <name>", "a name to tell it apart", "CLI token")
    .action(async (values: unknown) => {
      const input = parseOptions(z.object({ email: z.email(), name: z.string().min(1) }), values);
      const prisma = await context.database();
      const user = await prisma.user.findUnique({
        where: { email: normalizeEmail(input.email) },
        select: { id: true },
      });
      if (!user) throw new AppError("NOT_FOUND", [{ message: `No user with email ${input.email}` }]);
      writeLine(context.stdout, (await createApiToken(prisma, user.id, input.name)).token);
    });
  token
    .command("list")
    .description(
      "Lists the API tokens that are not revoked (all users', or one user's), newest first: id, prefix, owner, name, created, last used. Secrets are never shown.",
    )
    .option("--email <email>", "only this user's tokens")
    .action(async (values: unknown) => {
      const input = parseOptions(z.object({ email: z.email().optional() }), values);
      const prisma = await context.database();
      const tokens = await prisma.apiToken.findMany({
        where: { revokedAt: null, ...(input.email ? { owner: { email: normalizeEmail(input.email) } } : {}) },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        select: {
          id: true,
          prefix: true,
          name: true,
          createdAt: true,
          lastUsedAt: true,
          owner: { select: { email: true } },
        },
      });
      const rows = tokens.map((row) => [
        row.id,
        `${row.prefix}…`,
        row.owner.email,
        row.name,
        row.createdAt.toISOString(),
        row.lastUsedAt?.toISOString() ?? "never",
      ]);
      writeTable(context, ["ID", "PREFIX", "OWNER", "NAME", "CREATED", "LAST USED"], rows);
    });
  token
    .command("revoke")
    .description("Revokes an API token (any user's): it stops working at once.")
    .requiredOption("--token-id <id>", "the token's id, as `token list` shows it")
    .action(async (values: unknown) => {
      const { tokenId } = parseOptions(z.object({ tokenId: idOption }), values);
      const prisma = await context.database();
      const { count } = await prisma.apiToken.updateMany({
        where: { id: tokenId, revokedAt: null },
        data: { revokedAt: new Date() },
      });
      if (count === 0)
        throw new AppError("NOT_FOUND", [{ message: `No active API token with id ${tokenId}` }]);
      writeLine(context.stdout, `Token ${tokenId} revoked`);
    });
}

/** Columns padded to their widest cell; an empty list says so. */
function writeTable(context: CliContext, header: string[], rows: string[][]) {
  if (rows.length === 0) {
    writeLine(context.stdout, "No API tokens");
    return;
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  for (const row of [header, ...rows]) {
    writeLine(
      context.stdout,
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    );
  }
}
