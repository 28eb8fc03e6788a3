import { getPrisma } from "@parley/db";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createBuilderClient } from "../../testing/builderClient";

const prisma = getPrisma();

const signedIn = async () => {
  const user = await createTestUser();
  const { token } = await createUserSession(prisma, user.user.id);
  return { user, client: createBuilderClient({ sessionToken: token }) };
};

const storedLanguage = async (userId: string) =>
  (await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { interfaceLanguage: true } }))
    .interfaceLanguage;

describe("account.setInterfaceLanguage", () => {
  it("saves the signed-in user's language, and null goes back to the browser's", async () => {
    const { user, client } = await signedIn();
    const chosen = await client.mutate("account.setInterfaceLanguage", { language: "pt-BR" });
    expect(chosen.status).toBe(200);
    expect(chosen.data).toEqual({ language: "pt-BR" });
    expect(await storedLanguage(user.user.id)).toBe("pt-BR");
    const cleared = await client.mutate("account.setInterfaceLanguage", { language: null });
    expect(cleared.data).toEqual({ language: null });
    expect(await storedLanguage(user.user.id)).toBeNull();
  });

  it("refuses a language the builder is not written in, naming the field", async () => {
    const { user, client } = await signedIn();
    const refused = await client.mutate("account.setInterfaceLanguage", { language: "it" });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "BAD_REQUEST", issues: [{ path: ["language"] }] });
    expect(await storedLanguage(user.user.id)).toBeNull();
  });

  it("needs a signed-in user", async () => {
    const refused = await createBuilderClient().mutate("account.setInterfaceLanguage", { language: "fr" });
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({ code: "UNAUTHORIZED" });
  });
});
