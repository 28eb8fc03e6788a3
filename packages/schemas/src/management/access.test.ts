import { describe, expect, it } from "vitest";
import { canAccess, type RoleAction } from "./access";
import { type WorkspaceRoleName, workspaceRoles } from "./workspace";

describe("canAccess", () => {
  it("lets GUEST read, MEMBER also write, ADMIN also administer, and a non-member nothing", () => {
    const actions: RoleAction[] = ["read", "write", "admin"];
    const matrix = Object.fromEntries(
      [...workspaceRoles, null].map((role: WorkspaceRoleName | null) => [
        String(role),
        actions.filter((action) => canAccess(role, action)),
      ]),
    );
    expect(matrix).toEqual({
      ADMIN: ["read", "write", "admin"],
      MEMBER: ["read", "write"],
      GUEST: ["read"],
      null: [],
    });
    expect(canAccess(undefined, "read")).toBe(false);
  });

  it("lets a bot's VIEWER read it and its EDITOR also write it, and neither administer anything", () => {
    const actions: RoleAction[] = ["read", "write", "admin"];
    expect(actions.filter((action) => canAccess("VIEWER", action))).toEqual(["read"]);
    expect(actions.filter((action) => canAccess("EDITOR", action))).toEqual(["read", "write"]);
  });
});
