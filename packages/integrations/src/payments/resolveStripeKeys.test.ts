import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { createWorkspaceWithCredentials } from "../testing/integrationFixtures";
import { resolveStripeKeys } from "./resolveStripeKeys";

const live = { secretKey: "sk_live_abc123", publicKey: "pk_live_abc123" };
const test = { secretKey: "sk_test_abc123", publicKey: "pk_test_abc123" };

describe("resolveStripeKeys", () => {
  it("uses live keys in live chats and test keys in previews", async () => {
    const workspace = await createWorkspaceWithCredentials([
      { type: "stripe", name: "stripe", data: { live, test } },
    ]);
    const request = { workspaceId: workspace.workspaceId, credentialsId: workspace.credentialsIds.stripe! };
    expect(await resolveStripeKeys(getPrisma(), { ...request, isPreview: false })).toEqual({
      ok: true,
      keys: live,
    });
    expect(await resolveStripeKeys(getPrisma(), { ...request, isPreview: true })).toEqual({
      ok: true,
      keys: test,
    });
  });

  it("falls back on the server's keys without credentials, and refuses another workspace's", async () => {
    const owner = await createWorkspaceWithCredentials([{ type: "stripe", name: "stripe", data: { live } }]);
    const other = await createWorkspaceWithCredentials([]);
    expect(
      await resolveStripeKeys(getPrisma(), {
        workspaceId: other.workspaceId,
        credentialsId: null,
        isPreview: false,
      }),
    ).toEqual({
      ok: true,
      keys: null,
    });
    const foreign = await resolveStripeKeys(getPrisma(), {
      workspaceId: other.workspaceId,
      credentialsId: owner.credentialsIds.stripe!,
      isPreview: false,
    });
    expect(foreign).toMatchObject({ ok: false });
  });
});
