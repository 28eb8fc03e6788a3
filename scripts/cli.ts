// npm run cli -- <command>: administers an install without the UI, against the
// same database as `npm start` (DATABASE_URL, or the embedded server in DATA_DIR).
import { parseArgs } from "node:util";
import { createPrismaClient, type Database } from "@parley/db";
// Deep imports: a command loads only the modules it uses.
import { addWorkspaceMember } from "@parley/platform/accounts/addWorkspaceMember";
import { createUserAccount, normalizeEmail } from "@parley/platform/accounts/createUserAccount";
import { createApiToken } from "@parley/platform/auth/apiTokens";
import { toCanonicalError } from "@parley/platform/errors";
import { z } from "zod";
import { openDatabase } from "./lib/openDatabase";

const usage = `Usage: npm run cli -- <command>

  user create --email E --password P [--name N] [--workspace W]
      Creates a user (and a workspace named W, the user its ADMIN). Prints the user id.
  token create --email E [--name N]
      Prints a new API token of that user, and nothing else.
  workspace add-member --workspace-id ID --email E --role ADMIN|MEMBER|GUEST
      Adds an existing user to a workspace (or changes their role).`;

type Handler = (prisma: Database, values: Record<string, string | undefined>) => Promise<string>;

const commands: Record<string, { options: Record<string, { type: "string" }>; run: Handler }> = {
  "user create": {
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      workspace: { type: "string" },
    },
    run: async (prisma, values) => {
      const input = z
        .object({
          email: z.email(),
          password: z.string().min(8),
          name: z.string().optional(),
          workspace: z.string().min(1).optional(),
        })
        .parse(values);
      const { user } = await createUserAccount(prisma, { ...input, workspaceName: input.workspace });
      return user.id;
    },
  },
  "token create": {
    options: { email: { type: "string" }, name: { type: "string" } },
    run: async (prisma, values) => {
      const input = z
        .object({ email: z.email(), name: z.string().min(1).default("CLI token") })
        .parse(values);
      const user = await prisma.user.findUnique({
        where: { email: normalizeEmail(input.email) },
        select: { id: true },
      });
      if (!user) throw new Error(`No user with email ${input.email}`);
      return (await createApiToken(prisma, user.id, input.name)).token;
    },
  },
  "workspace add-member": {
    options: { "workspace-id": { type: "string" }, email: { type: "string" }, role: { type: "string" } },
    run: async (prisma, values) => {
      const input = z
        .object({
          "workspace-id": z.string().min(1),
          email: z.email(),
          role: z.enum(["ADMIN", "MEMBER", "GUEST"]),
        })
        .parse(values);
      const member = await addWorkspaceMember(prisma, {
        workspaceId: input["workspace-id"],
        email: input.email,
        role: input.role,
      });
      return `${member.userId} is ${member.role} of ${member.workspaceId}`;
    },
  },
};

function describeError(error: unknown): string {
  if (error instanceof z.ZodError) {
    return error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("\n");
  }
  const canonical = toCanonicalError(error);
  if (canonical.issues[0]) return canonical.issues[0].message;
  return error instanceof Error ? error.message : String(error);
}

async function main() {
  const [noun, verb, ...rest] = process.argv.slice(2);
  const command = commands[`${noun} ${verb}`];
  if (!command) {
    console.error(usage);
    return 1;
  }
  const { values } = parseArgs({ args: rest, options: command.options, strict: true });
  const database = await openDatabase({ log: (line) => console.error(line) });
  const prisma = createPrismaClient({ connectionString: database.connectionString, poolSize: 2 });
  try {
    console.log(await command.run(prisma, values as Record<string, string | undefined>));
    return 0;
  } catch (error) {
    console.error(`Error: ${describeError(error)}`);
    return 1;
  } finally {
    await prisma.$disconnect();
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Error: ${describeError(error)}`);
    process.exit(1);
  },
);
