import { chatRequest, createPublishedTestBot, createTestChat } from "@parley/chat/testing/chatFixtures";
import { createGreetingFlow } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { beforeAll, describe, expect, it } from "vitest";
import { handleInvoicePageRequest } from "../billing/handleInvoicePageRequest";
import { handleTrpcRequest } from "../mounts";

const builderChat = createTestChat({ allowSessionCookie: true }).chat;

/** The status each cookie-authenticated mount of the builder answers for one `Cookie` header. */
async function statusesFor(cookie: string, botId: string) {
  const currentUser = await handleTrpcRequest(
    new Request("http://localhost:3000/api/trpc/auth.getCurrentUser", { headers: { cookie } }),
  );
  const preview = await builderChat(
    chatRequest(`/bots/${botId}/preview/startChat`, { body: {}, headers: { cookie } }),
  );
  // An invoice that does not exist: 404 once signed in, 401 before.
  const invoicePage = await handleInvoicePageRequest(
    new Request("http://localhost:3000/billing/invoices/nosuch", { headers: { cookie } }),
    "nosuch",
  );
  return { trpc: currentUser.status, preview: preview.status, invoicePage: invoicePage.status };
}

describe("the builder's sign-in cookie", () => {
  let botId: string;
  let token: string;
  beforeAll(async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    botId = bot.botId;
    token = (await createUserSession(getPrisma(), bot.owner.user.id)).token;
  });

  const signedIn = { trpc: 200, preview: 200, invoicePage: 404 };
  const signedOut = { trpc: 401, preview: 401, invoicePage: 401 };

  it("is read alike by tRPC, the builder's chat mount and the invoice page", async () => {
    expect(await statusesFor(`theme=dark; parley_session=${token}; lang=%E0`, botId)).toEqual(signedIn);
    // A repeated name keeps its last value on every mount.
    expect(await statusesFor(`parley_session=stale; parley_session=${token}`, botId)).toEqual(signedIn);
    expect(await statusesFor(`parley_session=${token}; parley_session=stale`, botId)).toEqual(signedOut);
  });

  it("counts an empty, malformed or unknown value as no sign-in (401, never a 500)", async () => {
    for (const cookie of ["parley_session=", "parley_session=%E0%A4%A", "parley_session=unknown", ""]) {
      expect(await statusesFor(cookie, botId)).toEqual(signedOut);
    }
  });
});
