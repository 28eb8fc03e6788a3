// The command line of decisions.md, run as a process against the same database the API serves:
// `user create`, `token create` (only the token on stdout), `workspace add-member`.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { createId } from "@parley/db";
import { describe, expect, it } from "vitest";
import { call, expectError, expectOk, useApps } from "./harness";

const projectRoot = path.resolve(import.meta.dirname, "../../../..");
const run = promisify(execFile);

/** `npm run -s cli -- <args>` (-s keeps npm's banner off stdout): stdout, stderr and the exit code. */
async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "-s", "cli", "--", ...args], {
      cwd: projectRoot,
      env: { ...process.env, LOG_LEVEL: "silent" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const apps = useApps();

describe("npm run cli", () => {
  // Each command is a process (tsx, then a database connection): seconds apiece.
  it("creates a user with a workspace, a token that works at once, and adds a member by role", {
    timeout: 180_000,
  }, async () => {
    const email = `cli-${createId()}@example.test`;
    const created = await cli([
      "user",
      "create",
      "--email",
      email,
      "--password",
      "long password 1",
      "--name",
      "Ada",
      "--workspace",
      "CLI team",
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout.trim()).toMatch(/^[a-z][a-z0-9]{23}$/);

    const issued = await cli(["token", "create", "--email", email, "--name", "checker"]);
    expect(issued.code, issued.stderr).toBe(0);
    expect(issued.stdout).toMatch(/^bt_[\w-]{20,}\n$/);
    const token = issued.stdout.trim();
    const { workspaces } = expectOk(await call("GET", `${apps.baseUrl}/api/v1/workspaces`, { token }));
    expect(workspaces).toEqual([{ id: expect.any(String), name: "CLI team", icon: null }]);
    const workspaceId = workspaces[0].id;

    const guestEmail = `cli-${createId()}@example.test`;
    expect((await cli(["user", "create", "--email", guestEmail, "--password", "long password 2"])).code).toBe(
      0,
    );
    const addMember = (role: string) =>
      cli(["workspace", "add-member", "--workspace-id", workspaceId, "--email", guestEmail, "--role", role]);
    const added = await addMember("GUEST");
    expect(added.code, added.stderr).toBe(0);
    const guestToken = (await cli(["token", "create", "--email", guestEmail])).stdout.trim();
    const seen = expectOk(await call("GET", `${apps.baseUrl}/api/v1/workspaces`, { token: guestToken }));
    expect(seen.workspaces.map((workspace: { id: string }) => workspace.id)).toEqual([workspaceId]);
    expectError(
      await call("PATCH", `${apps.baseUrl}/api/v1/workspaces/${workspaceId}`, {
        token: guestToken,
        body: { name: "x" },
      }),
      "FORBIDDEN",
    );

    const refused = await addMember("OWNER");
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe("");
  });
});
