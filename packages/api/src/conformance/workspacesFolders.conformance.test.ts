// Endpoints 4–8 of api-spec.md and the folder endpoints of decisions.md: paths, exact response
// shapes, field types and every listed error, provoked for real.
import { createId } from "@parley/db";
import { beforeAll, describe, expect, it } from "vitest";
import {
  expectError,
  expectId,
  expectKeys,
  expectOk,
  expectString,
  expectTimestamp,
  useApps,
} from "./harness";
import { createWorld, type World } from "./world";

const apps = useApps();
let world: World;
beforeAll(async () => {
  world = await createWorld(apps);
});

const workspaceFields = [
  "id",
  "createdAt",
  "updatedAt",
  "name",
  "icon",
  "paymentId",
  "settings",
  "isSuspended",
  "isPastDue",
  "isVerified",
  "chatsHardLimit",
  "lastActivityAt",
  "inactiveFirstEmailSentAt",
  "inactiveSecondEmailSentAt",
];
const folderFields = ["id", "createdAt", "updatedAt", "name", "parentFolderId", "workspaceId"];

function expectFolder(folder: Record<string, unknown>) {
  expectKeys(folder, folderFields);
  expectId(folder.id);
  expectTimestamp(folder.createdAt);
  expectTimestamp(folder.updatedAt);
  expectString(folder.name);
  expectString(folder.parentFolderId, true);
  expectId(folder.workspaceId);
}

describe("6 GET /workspaces", () => {
  it("lists the caller's workspaces, each with only id, name and icon", async () => {
    const body = expectOk(await world.api("GET", "/workspaces", undefined, world.guest.token));
    expectKeys(body, ["workspaces"]);
    expect(body.workspaces).toHaveLength(1);
    const [workspace] = body.workspaces;
    expectKeys(workspace, ["id", "name", "icon"]);
    expect(workspace.id).toBe(world.workspaceId);
    expectString(workspace.name);
    expectString(workspace.icon, true);
  });
});

describe("7 POST /workspaces", () => {
  it("creates a workspace and returns the full record", async () => {
    const body = expectOk(await world.api("POST", "/workspaces", { name: "Acme", icon: "🤖" }));
    expectKeys(body, ["workspace"]);
    const { workspace } = body;
    expectKeys(workspace, workspaceFields);
    expectId(workspace.id);
    expectTimestamp(workspace.createdAt);
    expectTimestamp(workspace.updatedAt);
    expect(workspace).toMatchObject({ name: "Acme", icon: "🤖", isSuspended: false, isPastDue: false });
    expectString(workspace.paymentId, true);
    expect(workspace.settings).toBeTypeOf("object");
    expect(workspace.isVerified).toBeTypeOf("boolean");
    if (workspace.chatsHardLimit !== null) expect(workspace.chatsHardLimit).toBeTypeOf("number");
    for (const field of ["lastActivityAt", "inactiveFirstEmailSentAt", "inactiveSecondEmailSentAt"]) {
      expectTimestamp(workspace[field], true);
    }
    const { workspaces } = expectOk(await world.api("GET", "/workspaces"));
    expect(workspaces.map((listed: { id: string }) => listed.id)).toContain(workspace.id);
  });

  it("answers BAD_REQUEST to an invalid body", async () => {
    expectError(await world.api("POST", "/workspaces", { name: "" }), "BAD_REQUEST");
    expectError(await world.api("POST", "/workspaces", { icon: "🤖" }), "BAD_REQUEST");
    expectError(await world.api("POST", "/workspaces", { name: ["Acme"] }), "BAD_REQUEST");
  });
});

describe("8 PATCH /workspaces/{workspaceId}", () => {
  it("returns only name and icon", async () => {
    const body = expectOk(
      await world.api("PATCH", `/workspaces/${world.workspaceId}`, { name: "Renamed", icon: "🚀" }),
    );
    expect(body).toEqual({ workspace: { name: "Renamed", icon: "🚀" } });
  });

  it("is refused to members and guests (ADMIN renames), NOT_FOUND for a missing workspace", async () => {
    for (const user of [world.member, world.guest, world.outsider]) {
      expectError(
        await world.api("PATCH", `/workspaces/${world.workspaceId}`, { name: "Nope" }, user.token),
        "FORBIDDEN",
      );
    }
    expectError(await world.api("PATCH", `/workspaces/${createId()}`, { name: "Nope" }), "NOT_FOUND");
    expectError(await world.api("PATCH", `/workspaces/${world.workspaceId}`, { name: 7 }), "BAD_REQUEST");
  });
});

describe("4 GET /folders/{folderId}", () => {
  it("returns the folder to any member, NOT_FOUND for a missing one", async () => {
    const body = expectOk(
      await world.api("GET", `/folders/${world.folder.id}`, undefined, world.guest.token),
    );
    expectKeys(body, ["folder"]);
    expectFolder(body.folder);
    expect(body.folder).toMatchObject({
      name: "Support",
      workspaceId: world.workspaceId,
      parentFolderId: null,
    });
    expectError(await world.api("GET", `/folders/${createId()}`), "NOT_FOUND");
    expectError(await world.api("GET", "/folders/not%20an%20id!"), "BAD_REQUEST");
  });
});

describe("5 PATCH /folders/{folderId}", () => {
  it("renames and moves a folder and returns it", async () => {
    const { folder: parent } = expectOk(
      await world.api("POST", "/folders", { workspaceId: world.workspaceId, folder: { name: "Parent" } }),
    );
    const body = expectOk(
      await world.api(
        "PATCH",
        `/folders/${world.folder.id}`,
        { workspaceId: world.workspaceId, folder: { name: "Help desk", parentFolderId: parent.id } },
        world.member.token,
      ),
    );
    expectKeys(body, ["folder"]);
    expectFolder(body.folder);
    expect(body.folder).toMatchObject({ id: world.folder.id, name: "Help desk", parentFolderId: parent.id });
    expect(body.folder.updatedAt >= world.folder.updatedAt).toBe(true);
  });

  it("answers every listed error", async () => {
    const patch = { workspaceId: world.workspaceId, folder: { name: "x" } };
    expectError(
      await world.api("PATCH", `/folders/${world.folder.id}`, patch, world.guest.token),
      "FORBIDDEN",
    );
    expectError(await world.api("PATCH", `/folders/${createId()}`, patch), "NOT_FOUND");
    expectError(
      await world.api("PATCH", `/folders/${world.folder.id}`, { ...patch, folder: { name: 12 } }),
      "BAD_REQUEST",
    );
  });
});

describe("folders beyond the spec", () => {
  it("POST /folders creates, GET /folders lists by parent, DELETE moves contents to the parent", async () => {
    const create = (name: string, parentFolderId?: string) =>
      world.api("POST", "/folders", { workspaceId: world.workspaceId, folder: { name, parentFolderId } });
    const { folder: outer } = expectOk(await create("Outer"));
    const created = expectOk(await create("Inner", outer.id));
    expectKeys(created, ["folder"]);
    expectFolder(created.folder);
    expect(created.folder.parentFolderId).toBe(outer.id);

    const listed = expectOk(
      await world.api("GET", `/folders?workspaceId=${world.workspaceId}&parentFolderId=${outer.id}`),
    );
    expectKeys(listed, ["folders"]);
    expect(listed.folders.map((folder: { id: string }) => folder.id)).toEqual([created.folder.id]);
    for (const folder of listed.folders) expectFolder(folder);

    const { bot } = expectOk(
      await world.api("POST", "/bots", {
        workspaceId: world.workspaceId,
        bot: { name: "Inside", folderId: created.folder.id },
      }),
    );
    expect(expectOk(await world.api("DELETE", `/folders/${created.folder.id}`))).toEqual({
      message: "success",
    });
    expectError(await world.api("GET", `/folders/${created.folder.id}`), "NOT_FOUND");
    const moved = expectOk(await world.api("GET", `/bots/${bot.id}`));
    expect(moved.bot.folderId).toBe(outer.id);
  });

  it("are written by members only", async () => {
    const body = { workspaceId: world.workspaceId, folder: { name: "Guest's" } };
    expectError(await world.api("POST", "/folders", body, world.guest.token), "FORBIDDEN");
    expectError(
      await world.api("DELETE", `/folders/${world.folder.id}`, undefined, world.guest.token),
      "FORBIDDEN",
    );
    expectError(await world.api("GET", "/folders"), "BAD_REQUEST");
  });
});
