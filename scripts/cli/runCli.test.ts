import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createId, getPrisma } from "@parley/db";
import { signIn } from "@parley/platform/accounts/signIn";
import { verifyPassword } from "@parley/platform/auth/passwords";
import { createTestBot, createTestTeam, createTestUser } from "@parley/platform/testing/fixtures";
import { parleyVersion } from "@parley/platform/version";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import type { CliContext } from "./cliContext";
import { buildProgram, runCli } from "./runCli";

function createIo(stdinText = "") {
  const out = { stdout: "", stderr: "" };
  const context: CliContext = {
    database: async () => getPrisma(),
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    stdin: Readable.from([stdinText]),
  };
  return { context, out };
}

async function cli(args: string[], stdinText = "") {
  const { context, out } = createIo(stdinText);
  const code = await runCli(args, context);
  return { code, ...out };
}

/** Every command path of the tree (`bot import`, `workspace suspend`…), groups included. */
function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((child) => [
    [...prefix, child.name()],
    ...commandPaths(child, [...prefix, child.name()]),
  ]);
}

describe("npm run cli", () => {
  it("runs as a process: --help exits 0 without touching the database, a usage error exits 2", () => {
    const run = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none", ...env },
      });
    const help = run(["--help"]);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/bot +Bots: list, export, import, test, risk review/);
    // Only the command tree loads for --help and --version: not even the configuration is read.
    const unconfigured = { EMBEDDED_POSTGRES_PORT: "not a port", SMTP_PORT: "not a port" };
    expect(run(["--help"], unconfigured).status).toBe(0);
    expect(run(["--version"], unconfigured)).toMatchObject({ status: 0, stdout: `${parleyVersion}\n` });
    const wrong = run(["token", "revoke"]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain("error: required option '--token-id <id>' not specified");
  });

  it("--version and -V print the version, exit 0", async () => {
    expect(parleyVersion).toMatch(/^\d+\.\d+\.\d+/);
    for (const flag of ["--version", "-V"]) {
      expect(await cli([flag])).toEqual({ code: 0, stdout: `${parleyVersion}\n`, stderr: "" });
    }
  });

  it("prints help for the program and every command, exit 0", async () => {
    const top = await cli(["--help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain("Usage: npm run cli -- [options] [command]");
    const paths = commandPaths(buildProgram(createIo().context)).map((parts) => parts.join(" "));
    expect(paths).toEqual(
      expect.arrayContaining([
        "user list",
        "user create",
        "user reset-password",
        "user reset-2fa",
        "token create",
        "token list",
        "token revoke",
        "workspace list",
        "workspace add-member",
        "workspace set-plan",
        "workspace suspend",
        "workspace unsuspend",
        "workspace verify",
        "bot list",
        "bot export",
        "bot import",
        "bot test",
        "bot clear-risk",
        "secrets rotate",
        "doctor",
      ]),
    );
    for (const commandPath of paths) {
      const help = await cli([...commandPath.split(" "), "--help"]);
      expect(help.code, commandPath).toBe(0);
      expect(help.stdout, commandPath).toContain(`Usage: npm run cli -- ${commandPath}`);
    }
  });

  it("answers usage errors with exit 2 and a message on stderr", async () => {
    const cases = [
      ["frobnicate"],
      ["bot"],
      ["bot", "export"],
      ["user", "create", "--email", "not-an-email", "--password", "long enough"],
      ["workspace", "add-member", "--workspace-id", "w1", "--email", "a@example.test", "--role", "OWNER"],
      ["user", "reset-password", "--email", "a@example.test", "--password", "on the command line"],
    ];
    for (const args of cases) {
      const result = await cli(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toMatch(/error|Usage/);
    }
    // Without both secrets there is nothing to rotate: a usage error before any database access.
    expect(await cli(["secrets", "rotate"])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/ENCRYPTION_SECRET/),
    });
    expect((await cli(["user", "create", "--email", "nope", "--password", "long enough"])).stderr).toContain(
      "--email: Invalid email address",
    );
  });

  it("user reset-password reads the password from stdin, changes it and signs the account out", async () => {
    const prisma = getPrisma();
    const user = await createTestUser();
    await signIn(prisma, { email: user.email, password: user.password });
    expect(await prisma.userSession.count({ where: { userId: user.user.id } })).toBe(1);
    const result = await cli(
      ["user", "reset-password", "--email", user.email.toUpperCase()],
      "new secret words\n",
    );
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain("1 builder session(s) signed out");
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.user.id } });
    expect(await verifyPassword(stored.passwordHash ?? "", "new secret words")).toBe(true);
    expect(await prisma.userSession.count({ where: { userId: user.user.id } })).toBe(0);

    const tooShort = await cli(["user", "reset-password", "--email", user.email], "short\n");
    expect(tooShort.code).toBe(1);
    expect(tooShort.stderr).toContain("Use at least 8 characters");
    const unknown = await cli(
      ["user", "reset-password", "--email", "nobody@example.test"],
      "long enough pw\n",
    );
    expect(unknown).toMatchObject({ code: 1, stderr: "Error: No account with email nobody@example.test\n" });
  });

  it("user reset-2fa turns an account's two-factor sign-in off, recorded in its audit log", async () => {
    const prisma = getPrisma();
    const user = await createTestUser();
    await prisma.userTwoFactor.create({
      data: { userId: user.user.id, secretData: "sealed", secretIv: "iv", enabledAt: new Date() },
    });
    await prisma.recoveryCode.create({
      data: { id: createId(), userId: user.user.id, codeHash: createId() },
    });
    const result = await cli(["user", "reset-2fa", "--email", user.email.toUpperCase()]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain(`Two-factor sign-in of ${user.email} turned off`);
    expect(await prisma.userTwoFactor.count({ where: { userId: user.user.id } })).toBe(0);
    expect(await prisma.recoveryCode.count({ where: { userId: user.user.id } })).toBe(0);
    const entries = await prisma.auditLogEntry.findMany({
      where: { action: "user.twoFactorReset", targetId: user.user.id },
      select: { actorId: true, workspaceId: true, ip: true, userAgent: true },
    });
    expect(entries).toEqual([
      {
        actorId: user.user.id,
        workspaceId: null,
        ip: "local",
        userAgent: expect.stringMatching(/^parley-cli\/\S+ \(cli:.+@.+\)$/),
      },
    ]);
    // A sign-in no longer asks for a code.
    expect((await signIn(prisma, { email: user.email, password: user.password })).status).toBe("signedIn");

    const again = await cli(["user", "reset-2fa", "--email", user.email]);
    expect(again).toMatchObject({
      code: 0,
      stdout: `${user.email} had no two-factor sign-in: nothing changed\n`,
    });
    expect(
      await prisma.auditLogEntry.count({ where: { action: "user.twoFactorReset", targetId: user.user.id } }),
    ).toBe(1);
    const unknown = await cli(["user", "reset-2fa", "--email", "nobody@example.test"]);
    expect(unknown).toMatchObject({ code: 1, stderr: "Error: No account with email nobody@example.test\n" });
  });

  it("workspace suspend, unsuspend, verify and unverify set the flags", async () => {
    const prisma = getPrisma();
    const { workspaceId } = await createTestUser();
    const flags = () =>
      prisma.workspace.findUniqueOrThrow({
        where: { id: workspaceId },
        select: { isSuspended: true, isVerified: true },
      });
    expect((await cli(["workspace", "suspend", "--workspace-id", workspaceId])).code).toBe(0);
    expect(await flags()).toEqual({ isSuspended: true, isVerified: false });
    const verified = await cli(["workspace", "verify", "--workspace-id", workspaceId]);
    expect(verified.stdout).toContain("suspended, verified");
    expect(await flags()).toEqual({ isSuspended: true, isVerified: true });
    await cli(["workspace", "unsuspend", "--workspace-id", workspaceId]);
    expect(await flags()).toEqual({ isSuspended: false, isVerified: true });
    await cli(["workspace", "unverify", "--workspace-id", workspaceId]);
    expect(await flags()).toEqual({ isSuspended: false, isVerified: false });
    expect(await cli(["workspace", "suspend", "--workspace-id", "nosuchworkspace"])).toMatchObject({
      code: 1,
      stderr: "Error: No workspace with id nosuchworkspace\n",
    });
  });

  it("workspace set-plan sets the plan and the hard limit (issue 26, item 6)", async () => {
    const prisma = getPrisma();
    const { workspaceId } = await createTestUser();
    const stored = () =>
      prisma.workspace.findUniqueOrThrow({
        where: { id: workspaceId },
        select: { plan: true, chatsHardLimit: true },
      });
    const set = await cli(["workspace", "set-plan", "--workspace-id", workspaceId, "--plan", "PRO"]);
    expect(set).toMatchObject({
      code: 0,
      stdout: `Workspace ${workspaceId}: PRO plan, chats refused after 100000 a period (the plan's)\n`,
    });
    expect(await stored()).toEqual({ plan: "PRO", chatsHardLimit: null });
    const limited = await cli([
      "--json",
      "workspace",
      "set-plan",
      "--workspace-id",
      workspaceId,
      "--plan",
      "STARTER",
      "--chats-hard-limit",
      "5000",
    ]);
    expect(JSON.parse(limited.stdout)).toEqual({ id: workspaceId, plan: "STARTER", chatsHardLimit: 5000 });
    expect(await stored()).toEqual({ plan: "STARTER", chatsHardLimit: 5000 });
    await cli(["workspace", "set-plan", "--workspace-id", workspaceId, "--plan", "ENTERPRISE"]);
    expect(await stored()).toEqual({ plan: "ENTERPRISE", chatsHardLimit: 5000 });
    await cli([
      "workspace",
      "set-plan",
      "--workspace-id",
      workspaceId,
      "--plan",
      "FREE",
      "--chats-hard-limit",
      "none",
    ]);
    expect(await stored()).toEqual({ plan: "FREE", chatsHardLimit: null });
    expect(
      await cli([
        "workspace",
        "set-plan",
        "--workspace-id",
        workspaceId,
        "--plan",
        "FREE",
        "--chats-hard-limit",
        "-1",
      ]),
    ).toMatchObject({ code: 2 });
    expect(
      await cli(["workspace", "set-plan", "--workspace-id", "nosuchworkspace", "--plan", "PRO"]),
    ).toMatchObject({ code: 1, stderr: "Error: No workspace with id nosuchworkspace\n" });
  });

  it("bot clear-risk sets the riskLevel to 0", async () => {
    const { workspaceId } = await createTestUser();
    const bot = await createTestBot(workspaceId, { riskLevel: 100 });
    const result = await cli(["bot", "clear-risk", "--bot-id", bot.id]);
    expect(result).toMatchObject({ code: 0, stdout: `Risk of bot ${bot.id} cleared (riskLevel was 100)\n` });
    expect((await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.id } })).riskLevel).toBe(0);
    expect((await cli(["bot", "clear-risk", "--bot-id", "nosuchbot"])).code).toBe(1);
  });

  it("token list shows prefixes, never secrets; token revoke stops a token", async () => {
    const prisma = getPrisma();
    const owner = await createTestUser();
    const created = await cli(["token", "create", "--email", owner.email, "--name", "deploy"]);
    const secret = created.stdout.trim();
    expect(secret).toMatch(/^bt_/);
    const listed = await cli(["token", "list", "--email", owner.email]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(secret);
    const lines = listed.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^ID\s+PREFIX\s+OWNER\s+NAME\s+SCOPES\s+EXPIRES\s+CREATED\s+LAST USED$/);
    expect(lines).toHaveLength(3);
    const deploy = await prisma.apiToken.findFirstOrThrow({
      where: { ownerId: owner.user.id, name: "deploy" },
    });
    expect(lines[1]).toContain(deploy.id);
    expect(lines[1]).toMatch(
      new RegExp(`\\s${secret.slice(0, 10)}\\s+\\S+\\s+deploy\\s+all\\s+never\\s+\\S+\\s+never$`),
    );
    expect((await cli(["token", "list"])).stdout).toContain(deploy.id);

    expect((await cli(["token", "revoke", "--token-id", deploy.id])).code).toBe(0);
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: deploy.id } })).revokedAt).not.toBeNull();
    expect((await cli(["token", "list", "--email", owner.email])).stdout).not.toContain(deploy.id);
    expect(await cli(["token", "revoke", "--token-id", deploy.id])).toMatchObject({ code: 1 });
  });

  it("token create --scope … --workspace-id … --expires … makes a limited token; bad values are usage errors", async () => {
    const owner = await createTestUser();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const created = await cli([
      "--json",
      "token",
      "create",
      "--email",
      owner.email,
      "--name",
      "reader",
      "--scope",
      "bots:read",
      "--scope",
      "results:read",
      "--workspace-id",
      owner.workspaceId,
      "--expires",
      expires,
    ]);
    expect(created.code).toBe(0);
    const { id } = JSON.parse(created.stdout);
    expect(await getPrisma().apiToken.findUniqueOrThrow({ where: { id } })).toMatchObject({
      scopes: ["bots:read", "results:read"],
      workspaceId: owner.workspaceId,
      expiresAt: new Date(expires),
    });
    const listed = await cli(["token", "list", "--email", owner.email]);
    expect(listed.stdout).toMatch(new RegExp(`${id}.*reader\\s+bots:read,results:read\\s+${expires}`));
    const unknown = await cli(["token", "create", "--email", owner.email, "--scope", "bots:all"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("--scope");
    const past = await cli(["token", "create", "--email", owner.email, "--expires", "2020-01-01T00:00:00Z"]);
    expect(past.code).not.toBe(0);
    expect(past.stderr).toContain("--expires: must be in the future");
  });
});

describe("the audit log of the command line", () => {
  it("records what it changes as the operator's command line (docs/audit-log.md)", async () => {
    const prisma = getPrisma();
    const team = await createTestTeam();
    const cliActor = expect.stringMatching(/^cli:.+@.+$/);
    const entries = (action: string, targetId: string) =>
      prisma.auditLogEntry.findMany({ where: { action, targetId } });

    expect((await cli(["workspace", "suspend", "--workspace-id", team.workspaceId])).code).toBe(0);
    expect(await entries("workspace.suspended", team.workspaceId)).toEqual([
      expect.objectContaining({
        workspaceId: team.workspaceId,
        actorId: null,
        actorEmail: cliActor,
        ip: "local",
        userAgent: `parley-cli/${parleyVersion}`,
        targetType: "workspace",
      }),
    ]);
    expect(await cli(["workspace", "suspend", "--workspace-id", "nosuchworkspace"])).toMatchObject({
      code: 1,
    });
    expect(await prisma.auditLogEntry.count({ where: { targetId: "nosuchworkspace" } })).toBe(0);

    await cli(["workspace", "set-plan", "--workspace-id", team.workspaceId, "--plan", "PRO"]);
    expect(await entries("workspace.planChanged", team.workspaceId)).toHaveLength(1);

    const newcomer = await createTestUser();
    const add = ["workspace", "add-member", "--workspace-id", team.workspaceId, "--email", newcomer.email];
    await cli([...add, "--role", "GUEST"]);
    await cli([...add, "--role", "GUEST"]);
    await cli([...add, "--role", "MEMBER"]);
    expect(await entries("member.added", newcomer.user.id)).toHaveLength(1);
    expect(await entries("member.roleChanged", newcomer.user.id)).toHaveLength(1);

    const created = await cli([
      "--json",
      "token",
      "create",
      "--email",
      team.admin.email,
      "--name",
      "From the shell",
      "--workspace-id",
      team.workspaceId,
    ]);
    const tokenId = JSON.parse(created.stdout).id as string;
    // Made for a user: their log shows it, the command line named in the user agent.
    expect(await entries("apiToken.created", tokenId)).toEqual([
      expect.objectContaining({
        workspaceId: team.workspaceId,
        actorId: team.admin.user.id,
        actorEmail: team.admin.email,
        userAgent: expect.stringMatching(/^parley-cli\/\S+ \(cli:.+@.+\)$/),
      }),
    ]);
    await cli(["token", "revoke", "--token-id", tokenId]);
    expect(await entries("apiToken.revoked", tokenId)).toHaveLength(1);

    const bot = await createTestBot(team.workspaceId, { riskLevel: 80 });
    await cli(["bot", "clear-risk", "--bot-id", bot.id]);
    expect(await entries("bot.riskCleared", bot.id)).toHaveLength(1);
  });
});

describe("list commands and --json", () => {
  it("workspace list, user list and bot list find ids by name, email and workspace; --json prints the rows", async () => {
    const team = await createTestTeam();
    const prisma = getPrisma();
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } });
    const bot = await createTestBot(team.workspaceId, { name: "Support desk", riskLevel: 3 });
    await createTestBot(team.workspaceId, { name: "Old one", isArchived: true });

    const byName = await cli(["workspace", "list", "--name", workspace.name.toUpperCase()]);
    expect(byName.code, byName.stderr).toBe(0);
    const lines = byName.stdout.trim().split("\n");
    // The table shows fields of the objects --json prints, under one rule (booleans yes/no, dates ISO).
    expect(lines[0]).toMatch(/^ID\s+NAME\s+PLAN\s+MEMBERS\s+BOTS\s+SUSPENDED\s+VERIFIED\s+CREATED$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${team.workspaceId}\\s+${workspace.name}\\s+FREE\\s+3\\s+1\\s+no\\s+no\\s+${workspace.createdAt.toISOString()}$`,
      ),
    );
    const asJson = await cli(["--json", "workspace", "list", "--email", team.guest.email]);
    expect(JSON.parse(asJson.stdout)).toEqual([
      {
        id: team.workspaceId,
        name: workspace.name,
        plan: "FREE",
        isSuspended: false,
        isVerified: false,
        createdAt: workspace.createdAt.toISOString(),
        members: 3,
        bots: 1,
      },
    ]);
    expect(await cli(["workspace", "list", "--name", "no such workspace name"])).toMatchObject({
      code: 0,
      stdout: "No workspaces\n",
    });

    const users = await cli(["user", "list", "--workspace-id", team.workspaceId]);
    expect(users.code).toBe(0);
    for (const member of [team.admin, team.member, team.guest]) expect(users.stdout).toContain(member.email);
    expect(users.stdout).not.toContain(team.outsider.email);
    expect(users.stdout).toContain(`${team.workspaceId}:GUEST`);
    expect(users.stdout).not.toMatch(/argon2|passwordHash/i);
    const oneUser = JSON.parse((await cli(["user", "list", "--email", team.guest.email, "--json"])).stdout);
    expect(oneUser).toEqual([
      {
        id: team.guest.user.id,
        email: team.guest.email,
        name: "Test User",
        createdAt: expect.any(String),
        lastActivityAt: null,
        workspaces: [{ workspaceId: team.workspaceId, role: "GUEST" }],
      },
    ]);

    const bots = await cli(["bot", "list", "--workspace-id", team.workspaceId]);
    expect(bots.stdout.trim().split("\n")).toHaveLength(2);
    expect(bots.stdout.split("\n")[0]).toMatch(
      /^ID\s+NAME\s+WORKSPACE\s+PUBLIC ID\s+PUBLISHED\s+ARCHIVED\s+CLOSED\s+RISK\s+UPDATED$/,
    );
    expect(bots.stdout).toMatch(
      new RegExp(`${bot.id}\\s+Support desk\\s+${team.workspaceId}\\s+-\\s+no\\s+no\\s+no\\s+3\\s`),
    );
    const archived = JSON.parse(
      (await cli(["bot", "list", "--workspace-id", team.workspaceId, "--archived", "--json"])).stdout,
    );
    expect(archived.map((row: { name: string }) => row.name)).toEqual(["Support desk", "Old one"]);
    expect(archived[0]).toMatchObject({ id: bot.id, publicId: null, publishedVersion: null, riskLevel: 3 });
    expect(await cli(["bot", "list", "--limit", "0"])).toMatchObject({ code: 2 });
  });

  it("--json on commands that print a result", async () => {
    const { workspaceId, email } = await createTestUser();
    const other = await createTestUser();
    const created = JSON.parse((await cli(["--json", "token", "create", "--email", email])).stdout);
    expect(created).toMatchObject({ name: "CLI token", token: expect.stringMatching(/^bt_/) });
    const tokens = JSON.parse((await cli(["token", "list", "--email", email, "--json"])).stdout);
    expect(tokens.map((token: { id: string }) => token.id)).toContain(created.id);
    expect(JSON.stringify(tokens)).not.toContain(created.token);
    expect(JSON.parse((await cli(["token", "revoke", "--token-id", created.id, "--json"])).stdout)).toEqual({
      id: created.id,
      revoked: true,
    });
    expect(
      JSON.parse(
        (
          await cli([
            "--json",
            "workspace",
            "add-member",
            "--workspace-id",
            workspaceId,
            "--email",
            other.email,
            "--role",
            "MEMBER",
          ])
        ).stdout,
      ),
    ).toEqual({ userId: other.user.id, workspaceId, role: "MEMBER" });
    expect(
      JSON.parse((await cli(["--json", "workspace", "verify", "--workspace-id", workspaceId])).stdout),
    ).toMatchObject({
      id: workspaceId,
      isSuspended: false,
      isVerified: true,
    });
    const user = JSON.parse(
      (
        await cli([
          "--json",
          "user",
          "create",
          "--email",
          `json-${createId()}@example.test`,
          "--password",
          "long enough",
        ])
      ).stdout,
    );
    expect(user).toMatchObject({ id: expect.any(String), workspaceId: null });
  });
});

describe("bot export and import", () => {
  const exportOf = (id: string, name: string, blocks: unknown[]) => ({
    version: "6.1",
    id,
    name,
    events: [
      { id: `${id}-start`, type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: `${id}-e` },
    ],
    groups: [{ id: `${id}-g`, title: "Group", graphCoordinates: { x: 0, y: 100 }, blocks }],
    edges: [{ id: `${id}-e`, from: { eventId: `${id}-start` }, to: { groupId: `${id}-g` } }],
    variables: [],
  });
  const text = (id: string) => ({
    id,
    type: "text",
    content: { richText: [{ type: "p", children: [{ text: "Hello" }] }] },
  });

  it("bot test runs the bot's tests: PASS/FAIL lines, exit 1 on a failure, JUnit XML with --junit", async () => {
    const { workspaceId } = await createTestUser();
    const test = (id: string, name: string, expected: string) => ({
      id,
      name,
      steps: [{ type: "messageContains", text: expected }],
      stubs: [],
    });
    const bot = await createTestBot(workspaceId, {
      name: "Greeter <&>",
      events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e" }],
      groups: [{ id: "g", title: "G", graphCoordinates: { x: 0, y: 0 }, blocks: [text("t1")] }],
      edges: [{ id: "e", from: { eventId: "start" }, to: { groupId: "g" } }],
      tests: [test("hello", "Says hello", "Hello"), test("bye", 'Says "bye"', "Bye")],
    });
    const directory = await mkdtemp(path.join(tmpdir(), "parley-cli-"));
    const junit = path.join(directory, "junit.xml");
    const failing = await cli(["bot", "test", bot.id, "--junit", junit]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(
      /^PASS {2}Says hello \(hello, [\d.]+ ms\)\nFAIL {2}Says "bye" \(bye, [\d.]+ ms\)\n/,
    );
    expect(failing.stdout).toContain(
      '      step 1 [EXPECTATION_NOT_MET]\n      expected: a message containing "Bye"\n      actual:   the bot\'s messages: "Hello"\n\n2 test(s): 1 passed, 1 failed\n',
    );
    expect(failing.stderr).toBe("Error: 1 of 2 test(s) failed\n");
    const xml = await readFile(junit, "utf8");
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="Parley bot tests" tests="2" failures="1"/,
    );
    expect(xml).toContain('<testsuite name="Greeter &lt;&amp;&gt;" tests="2" failures="1"');
    expect(xml).toMatch(
      new RegExp(`<testcase classname="bot\\.${bot.id}" name="Says hello" time="[\\d.]+"/>`),
    );
    expect(xml).toContain(
      '<failure type="EXPECTATION_NOT_MET" message="Step 1: expected a message containing &quot;Bye&quot;; got the bot&apos;s messages: &quot;Hello&quot;">',
    );
    const passing = await cli(["bot", "test", bot.id, "--test-id", "hello", "--json"]);
    expect(passing.code).toBe(0);
    expect(JSON.parse(passing.stdout).summary).toEqual({ total: 1, passed: 1, failed: 0 });
    expect(await cli(["bot", "test", "nosuchbot"])).toMatchObject({
      code: 1,
      stderr: "Error: No bot with id nosuchbot\n",
    });
    // The first `bot test` loads the engine and the API's runner (tens of seconds on a busy machine).
  }, 180_000);

  it("exports a bot to a file that imports back", async () => {
    const { workspaceId } = await createTestUser();
    const directory = await mkdtemp(path.join(tmpdir(), "parley-cli-"));
    const imported = await cli([
      "bot",
      "import",
      "--workspace-id",
      workspaceId,
      await writeJson(directory, "a.json", exportOf("src", "Round trip", [text("t1")])),
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const [botId] = imported.stdout.split("\t");
    const out = path.join(directory, "exported.json");
    expect((await cli(["bot", "export", "--bot-id", botId!, "--out", out])).code).toBe(0);
    const exported = JSON.parse(await readFile(out, "utf8"));
    expect(exported).toMatchObject({ id: botId, name: "Round trip", workspaceId, version: "6.1" });
    expect(exported.groups[0].blocks[0]).toMatchObject({ id: "t1", type: "text" });
    const toStdout = await cli(["bot", "export", "--bot-id", botId!]);
    expect(JSON.parse(toStdout.stdout)).toEqual(exported);
    expect(await cli(["bot", "export", "--bot-id", "nosuchbot"])).toMatchObject({
      code: 1,
      stderr: "Error: No bot with id nosuchbot\n",
    });
  });

  it("imports 20 files with a progress bar and a summary of warnings; links between files are re-pointed", async () => {
    const prisma = getPrisma();
    const { workspaceId } = await createTestUser();
    const directory = await mkdtemp(path.join(tmpdir(), "parley-cli-"));
    const files: string[] = [];
    for (let index = 0; index < 20; index++) {
      const blocks: unknown[] = [text(`t${index}`)];
      // Bot 0 links to bot 19 (imported after it); bot 1 keeps a Typebot plug-in block it cannot run.
      if (index === 0) blocks.push({ id: "link", type: "Bot link", options: { botId: "src-19" } });
      if (index === 1) blocks.push({ id: "voice", type: "blink", options: { action: "Get Users" } });
      files.push(
        await writeJson(directory, `bot-${index}.json`, exportOf(`src-${index}`, `Bot ${index}`, blocks)),
      );
    }
    files.push(await writeJson(directory, "broken.json", "{ not json"));
    const before = await prisma.bot.count({ where: { workspaceId } });
    const result = await cli(["bot", "import", "--workspace-id", workspaceId, ...files]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Importing \[[^\]]+\] 0\/21 files/);
    expect(result.stderr).toMatch(/Importing \[[^\]]+\] 21\/21 files \| broken\.json/);
    expect(result.stderr).toContain("Imported 20 of 21 file(s): 1 warning(s) in 1 bot(s), 1 failed.");
    expect(result.stderr).toMatch(/bot-1\.json \(\w+\):\n {2}groups\.0\.blocks\.1: .*blink/);
    expect(result.stderr).toMatch(/broken\.json: FAILED: not JSON/);
    expect(result.stderr).toContain("Error: 1 of 21 file(s) could not be imported");
    expect(result.stdout.trim().split("\n")).toHaveLength(20);
    expect(await prisma.bot.count({ where: { workspaceId } })).toBe(before + 20);
    const first = await prisma.bot.findFirstOrThrow({ where: { workspaceId, name: "Bot 0" } });
    const last = await prisma.bot.findFirstOrThrow({ where: { workspaceId, name: "Bot 19" } });
    const link = (first.groups as { blocks: { type: string; options?: { botId?: string } }[] }[])[0]!
      .blocks[1];
    expect(link?.options?.botId).toBe(last.id);
  });

  it("refuses an unknown workspace before reading anything", async () => {
    expect(await cli(["bot", "import", "--workspace-id", createId(), "missing.json"])).toMatchObject({
      code: 1,
    });
  });
});

async function writeJson(directory: string, name: string, value: unknown) {
  const file = path.join(directory, name);
  await writeFile(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}
