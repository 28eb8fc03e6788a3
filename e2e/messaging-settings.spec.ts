import { connectMessagingAccount, createPublishedBot, viewerUrl } from "./support/bots";
import { createBot, expect, getBot, test } from "./support/fixtures";
import { startMessagingApis } from "./support/messagingApis";

// The local platform servers hold fixed ports: these tests share them, one after the other.
test.describe.configure({ mode: "serial" });
let apis: Awaited<ReturnType<typeof startMessagingApis>>;
test.beforeAll(async () => {
  apis = await startMessagingApis();
});
test.afterAll(() => apis.close());

const greetingFlow = {
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-1",
      title: "Start",
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        {
          id: "b-hello",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Hello from the draft" }] }] },
        },
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-1" } }],
};

test("messaging settings: a WhatsApp account added in place, its webhook URL and verify token, a test message, then answering switched on", async ({
  page,
  user,
}) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "WhatsApp bot", ...greetingFlow });
  await page.goto(`/bots/${bot.id}/settings`);
  const answer = page.getByRole("switch", { name: "Answer on messaging channels" });
  await expect(answer).toBeDisabled();
  await expect(page.getByText("Choose a messaging account first.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Webhook URL" })).toHaveCount(0);

  const account = page.getByLabel("Messaging account");
  await account.selectOption("Add new WhatsApp credentials…");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Support number");
  await dialog.getByLabel("System user access token").fill("EAAG-e2e-messaging-token");
  await dialog.getByLabel("Phone number ID").fill("109876543210987");
  await dialog.getByLabel("App secret").fill("e2e-app-secret");
  await dialog.getByLabel("Verify token").fill("e2e-verify-token");
  await dialog.getByRole("button", { name: "Save credentials" }).click();
  await expect(dialog).toHaveCount(0);

  await expect(account).toHaveValue(/\S/);
  const credentialsId = await account.inputValue();
  expect((await getBot(page.request, bot.id)).messagingCredentialsId).toBe(credentialsId);
  await expect(page.getByRole("textbox", { name: "Webhook URL" })).toHaveValue(
    new RegExp(`^https?://[^/]+/api/v1/workspaces/${user.workspaceId}/whatsapp/${credentialsId}/webhook$`),
  );
  await expect(page.getByRole("textbox", { name: "Verify token" })).toHaveValue("e2e-verify-token");

  apis.graphApi.takeCalls();
  const number = page.getByLabel("WhatsApp number");
  await number.fill("not a number");
  await page.getByRole("button", { name: "Send test message" }).click();
  await expect(page.getByText("Enter a WhatsApp number in international format")).toBeVisible();
  await number.fill("+33 6 12 34 56 78");
  await page.getByRole("button", { name: "Send test message" }).click();
  await expect(page.getByText("Sent 1 message to 33612345678:")).toBeVisible();
  await expect(page.getByText("Hello from the draft")).toBeVisible();
  expect(apis.graphApi.takeCalls()).toEqual([
    {
      method: "POST",
      path: "/v21.0/109876543210987/messages",
      authorization: "Bearer EAAG-e2e-messaging-token",
      body: {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: "33612345678",
        type: "text",
        text: { body: "Hello from the draft" },
      },
    },
  ]);

  await answer.click();
  await expect(page.getByTestId("save-status")).toContainText("Saved");
  expect((await getBot(page.request, bot.id)).settings).toMatchObject({ messaging: { isEnabled: true } });

  await page.reload();
  await expect(account).toHaveValue(credentialsId);
  await expect(answer).toBeChecked();
  await account.selectOption("None");
  await expect(page.getByRole("textbox", { name: "Webhook URL" })).toHaveCount(0);
  await expect.poll(async () => (await getBot(page.request, bot.id)).messagingCredentialsId).toBeNull();
});

test("messaging settings: a Telegram bot added in place, connected with setWebhook, then sent a test message", async ({
  page,
  user,
}) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Telegram bot", ...greetingFlow });
  await page.goto(`/bots/${bot.id}/settings`);
  const account = page.getByLabel("Messaging account");
  await account.selectOption("Add new Telegram credentials…");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Support bot");
  await dialog.getByLabel("Bot token").fill("123456789:AAF-e2e-telegram-token");
  await dialog.getByLabel("Webhook secret token").fill("e2e_secret-token");
  await dialog.getByRole("button", { name: "Save credentials" }).click();
  await expect(dialog).toHaveCount(0);

  await expect(account).toHaveValue(/\S/);
  const credentialsId = await account.inputValue();
  const webhookUrl = page.getByRole("textbox", { name: "Webhook URL" });
  await expect(webhookUrl).toHaveValue(
    new RegExp(`^https?://[^/]+/api/v1/workspaces/${user.workspaceId}/telegram/${credentialsId}/webhook$`),
  );
  await expect(page.getByRole("textbox", { name: "Verify token" })).toHaveCount(0);

  apis.botApi.takeCalls();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByText("Telegram: Webhook was set.")).toBeVisible();
  expect(apis.botApi.takeCalls()).toEqual([
    {
      path: "/bot123456789:AAF-e2e-telegram-token/setWebhook",
      body: {
        url: await webhookUrl.inputValue(),
        secret_token: "e2e_secret-token",
        allowed_updates: ["message", "callback_query"],
      },
    },
  ]);
  apis.botApi.refuseNext(401, "Unauthorized");
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByText("Telegram did not set the webhook: Unauthorized")).toBeVisible();

  apis.botApi.takeCalls();
  await page.getByLabel("Telegram chat id").fill("5551001");
  await page.getByRole("button", { name: "Send test message" }).click();
  await expect(page.getByText("Sent 1 message to 5551001:")).toBeVisible();
  expect(apis.botApi.takeCalls()).toEqual([
    {
      path: "/bot123456789:AAF-e2e-telegram-token/sendMessage",
      body: { chat_id: "5551001", text: "Hello from the draft" },
    },
  ]);
});

/** Asks a name first thing (no message before it), then thanks, naming the deep link's {{start}}. */
const nameFirstBot = {
  name: "Telegram start",
  events: greetingFlow.events,
  groups: [
    {
      id: "g-1",
      title: "Start",
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        {
          id: "b-name",
          type: "text input",
          options: { variableId: "v-name", labels: { placeholder: "Your name?" } },
        },
        {
          id: "b-thanks",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Thanks {{Name}}, from {{start}}" }] }] },
        },
      ],
    },
  ],
  edges: greetingFlow.edges,
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-start", name: "start" },
  ],
  settings: { messaging: { isEnabled: true }, typingEmulation: { enabled: false } },
};

test("Telegram: a deep link's /start asks the first question, is never its answer, and fills {{start}}", async ({
  page,
  user,
}) => {
  const { botId, token } = await createPublishedBot(page.request, user.workspaceId, nameFirstBot);
  const headers = { Authorization: `Bearer ${token}` };
  const account = { botToken: "987654321:AAF-e2e-start-token-0123", secretToken: "e2e_start-secret" };
  const credentialsId = await connectMessagingAccount(page.request, {
    workspaceId: user.workspaceId,
    botId,
    token,
    credentials: { type: "telegram", name: "Start", data: account },
  });

  const chat = { id: 5559001, type: "private", first_name: "Ada" };
  const deliver = async (updateId: number, message: Record<string, unknown>) => {
    const update = {
      update_id: updateId,
      message: { message_id: updateId, chat, date: 1_790_000_000, ...message },
    };
    const response = await page.request.post(
      `${viewerUrl}/api/v1/workspaces/${user.workspaceId}/telegram/${credentialsId}/webhook`,
      { headers: { "x-telegram-bot-api-secret-token": account.secretToken }, data: update },
    );
    expect(response.status()).toBe(200);
  };
  const sent: unknown[] = [];
  const readSent = () => {
    sent.push(...apis.botApi.takeCalls());
    return sent;
  };
  const sendMessage = (text: string) => ({
    path: `/bot${account.botToken}/sendMessage`,
    body: { chat_id: String(chat.id), text },
  });

  apis.botApi.takeCalls();
  // What Telegram sends for t.me/<bot>?start=spring_promo: the Start button's /start with the link's payload.
  await deliver(1, {
    text: "/start spring_promo",
    entities: [{ type: "bot_command", offset: 0, length: 6 }],
  });
  await expect.poll(readSent).toEqual([sendMessage("Your name?")]);
  await deliver(2, { text: "Ada" });
  await expect
    .poll(readSent)
    .toEqual([sendMessage("Your name?"), sendMessage("Thanks Ada, from spring_promo")]);

  const listed = await page.request.get(`/api/v1/bots/${botId}/results`, { headers });
  const { results } = (await listed.json()) as {
    results: {
      isCompleted: boolean;
      answers: { content: string }[];
      variables: { name: string; value: unknown }[];
    }[];
  };
  expect(results).toHaveLength(1);
  expect(results[0]?.isCompleted).toBe(true);
  expect(results[0]?.answers.map((answer) => answer.content)).toEqual(["Ada"]);
  expect(results[0]?.variables).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: "start", value: "spring_promo" })]),
  );
});
