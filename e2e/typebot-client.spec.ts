// Issue 28, item 2: Typebot's own web clients (`@typebot.io/js` and `@typebot.io/react`, unmodified, from
// node_modules) in Chromium against the viewer, their `apiHost` pointed at it, no proxy: bots imported from a Typebot
// export, a page of another site embedding them with Typebot's snippet (docs/embed.md, "Moving from Typebot").
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { build } from "esbuild";
import type { FakeProviderServer } from "../packages/integrations/src/testing/fakeProviderServer";
import { startFakeOpenAiServer } from "../packages/integrations/src/testing/openAiProtocolServer";
import { createApiToken, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";

const root = path.resolve(import.meta.dirname, "..");
const typebotClient = readFileSync(
  path.join(root, "node_modules", "@typebot.io", "js", "dist", "web.js"),
  "utf8",
);
const apiKey = "sk-e2e-typebot-client-0123456789";
let openai: FakeProviderServer;

test.beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
});
test.afterAll(() => openai.close());

/** Serves a page and one script (`/web.js`, or `/app.js`) on 127.0.0.1: another site than the viewer. */
async function servePage(html: string, script: { path: string; code: string }) {
  const server = createServer((request, response) => {
    if (request.url === script.path) {
      response.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8" });
      response.end(script.code);
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** Another site's page with Typebot's snippet, only `apiHost` changed; `/web.js` is Typebot's client. */
function serveTypebotPage(publicId: string): Promise<{ url: string; server: Server }> {
  return servePage(
    `<!doctype html><html lang="en"><head><title>Acme</title></head><body>
<h1>Acme Inc.</h1>
<typebot-standard style="width: 100%; height: 640px"></typebot-standard>
<script type="module">
  import Typebot from "/web.js";
  Typebot.initStandard({ typebot: ${JSON.stringify(publicId)}, apiHost: ${JSON.stringify(viewerUrl)} });
</script></body></html>`,
    { path: "/web.js", code: typebotClient },
  );
}

/**
 * Another site's React app rendering Typebot's `<Standard>` (`@typebot.io/react`) with only `apiHost` pointing at
 * the viewer, bundled for the test with the workspace's React (the package's peer) as a site's build would; the
 * page records the client's onAnswer and onEnd callbacks in `window.typebotCalls`.
 */
async function serveTypebotReactApp(publicId: string): Promise<{ url: string; server: Server }> {
  const bundle = await build({
    stdin: {
      contents: `import { createRoot } from "react-dom/client";
import { Standard } from "@typebot.io/react";
const calls = (window.typebotCalls = []);
createRoot(document.getElementById("root")).render(
  <Standard
    typebot=${JSON.stringify(publicId)}
    apiHost=${JSON.stringify(viewerUrl)}
    style={{ width: "100%", height: "640px" }}
    onAnswer={(answer) => calls.push("answer " + answer.message)}
    onEnd={() => calls.push("end")}
  />,
);`,
      loader: "jsx",
      resolveDir: root,
      sourcefile: "app.jsx",
    },
    bundle: true,
    format: "esm",
    jsx: "automatic",
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  return servePage(
    `<!doctype html><html lang="en"><head><title>Acme on React</title></head><body>
<main><h1>Acme Inc.</h1><div id="root"></div></main>
<script type="module" src="/app.js"></script></body></html>`,
    { path: "/app.js", code: bundle.outputFiles[0]!.text },
  );
}

/** Every network request the page makes from now on (data: and blob: URLs are not requests). */
function recordRequests(page: Page): URL[] {
  const requests: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:") requests.push(url);
  });
  return requests;
}

const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});
const labels = (placeholder: string) => ({ labels: { placeholder, button: "Send" } });
const svg = (colour: string) =>
  `data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='40' height='40'><rect width='40' height='40' fill='${colour}'/></svg>`;

/** A Typebot v6 export (`{typebot: …}`) of one group of `blocks` and its variables. */
function typebotExport(id: string, name: string, blocks: unknown[], variables: string[], settings = {}) {
  return {
    typebot: {
      id,
      version: "6",
      name,
      events: [
        { id: `${id}-start`, type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: `${id}-e` },
      ],
      groups: [{ id: `${id}-g`, title: "Main", graphCoordinates: { x: 200, y: 0 }, blocks }],
      edges: [{ id: `${id}-e`, from: { eventId: `${id}-start` }, to: { groupId: `${id}-g` } }],
      variables: variables.map((variable) => ({ id: `v-${variable}`, name: variable })),
      theme: {},
      settings: { typingEmulation: { enabled: false }, ...settings },
      whatsAppCredentialsId: null,
    },
  };
}

/** Imports Typebot exports into the user's workspace (which turns Typebot compatibility on) and publishes them. */
async function importAndPublish(page: Page, workspaceId: string, exports: unknown[]) {
  const token = await createApiToken(page.request);
  const headers = { Authorization: `Bearer ${token}` };
  const imported = await page.request.post("/api/v1/bots/importMany", {
    headers,
    data: { workspaceId, bots: exports },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  const { bots } = (await imported.json()) as { bots: { bot: { id: string; publicId: string } }[] };
  for (const { bot } of bots) {
    const published = await page.request.post(`/api/v1/bots/${bot.id}/publish`, { headers });
    expect(published.ok(), await published.text()).toBe(true);
  }
  const workspace = await page.request.get(`/api/v1/workspaces/${workspaceId}`, { headers });
  expect(
    ((await workspace.json()) as { workspace: { settings: Record<string, unknown> } }).workspace.settings,
  ).toMatchObject({ typebotCompatibility: true });
  return { token, bots: bots.map(({ bot }) => bot) };
}

/** Answers a text-like input of Typebot's client by its placeholder. */
async function answer(chat: Locator, placeholder: string, value: string) {
  const input = chat.getByPlaceholder(placeholder);
  await input.fill(value);
  await input.press("Enter");
}

test("Typebot's client completes every input kind, a streamed AI answer, client actions and a bot link", async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const credentials = await page.request.post("/api/v1/credentials", {
    headers: { Authorization: `Bearer ${await createApiToken(page.request)}` },
    data: {
      workspaceId: user.workspaceId,
      credentials: { type: "openai", name: "Local OpenAI", data: { apiKey, baseUrl: `${openai.origin}/v1` } },
    },
  });
  expect(credentials.ok()).toBe(true);
  const credentialsId = ((await credentials.json()) as { credentials: { id: string } }).credentials.id;
  const main = typebotExport(
    "tb-main",
    "Every input",
    [
      { id: "s-first", type: "Code", options: { content: "document.body.dataset.firstScript = 'ran'" } },
      text("b-hi", "Hi! What's your name?"),
      { id: "in-name", type: "text input", options: { variableId: "v-name", ...labels("Your name") } },
      text("b-email", "Your e-mail, {{name}}?"),
      {
        id: "in-email",
        type: "email input",
        options: { variableId: "v-email", retryMessageContent: "That is no e-mail", ...labels("Your email") },
      },
      { id: "in-cups", type: "number input", options: { variableId: "v-cups", ...labels("Cups per day") } },
      text("b-plan", "Which plan?"),
      {
        id: "in-plan",
        type: "choice input",
        items: [
          { id: "it-starter", content: "Starter" },
          { id: "it-pro", content: "Pro" },
        ],
        options: { variableId: "v-plan" },
      },
      text("b-topics", "Which topics?"),
      {
        id: "in-topics",
        type: "choice input",
        items: [
          { id: "it-design", content: "Design" },
          { id: "it-code", content: "Code" },
          { id: "it-data", content: "Data" },
        ],
        options: { variableId: "v-topics", isMultipleChoice: true, isSearchable: true, buttonLabel: "Done" },
      },
      text("b-picture", "Where to?"),
      {
        id: "in-picture",
        type: "picture choice input",
        items: [
          { id: "pic-sea", title: "Sea", pictureSrc: svg("blue") },
          { id: "pic-hills", title: "Hills", pictureSrc: svg("green") },
        ],
        options: { variableId: "v-place" },
      },
      text("b-rating", "How likely are you to recommend us?"),
      {
        id: "in-rating",
        type: "rating input",
        options: { variableId: "v-rating", buttonType: "Numbers", length: 5, isOneClickSubmitEnabled: true },
      },
      text("b-date", "When?"),
      { id: "in-date", type: "date input", options: { variableId: "v-date", labels: { button: "Send" } } },
      {
        id: "in-phone",
        type: "phone number input",
        options: { variableId: "v-phone", defaultCountryCode: "FR", ...labels("Your phone") },
      },
      { id: "in-url", type: "url input", options: { variableId: "v-site", ...labels("Your website") } },
      text("b-file", "Send us a file"),
      { id: "in-file", type: "file input", options: { variableId: "v-file" } },
      text("b-ask-ai", "Ask me anything"),
      {
        id: "in-question",
        type: "text input",
        options: { variableId: "v-question", ...labels("Your question") },
      },
      {
        id: "b-ai",
        type: "openai",
        options: {
          credentialsId,
          action: "Create chat completion",
          model: "gpt-4o-mini",
          messages: [{ role: "user", content: "{{question}}" }],
          responseMapping: [{ item: "Message content", variableId: "v-answer" }],
        },
      },
      text("b-answer", "{{answer}}"),
      {
        id: "s-client",
        type: "Set variable",
        options: {
          variableId: "v-client",
          expressionToEvaluate: "return 'set in ' + 'the browser'",
          isExecutedOnClient: true,
        },
      },
      text("b-client", "Client says: {{client}}"),
      { id: "w-wait", type: "Wait", options: { secondsToWaitFor: "1" } },
      text("b-summary", "{{name}}, {{email}}, {{cups}} cups, {{plan}}, {{topics}}, {{place}}, {{rating}}/5"),
      { id: "l-link", type: "Typebot link", options: { typebotId: "tb-linked" } },
    ],
    [
      "name",
      "email",
      "cups",
      "plan",
      "topics",
      "place",
      "rating",
      "date",
      "phone",
      "site",
      "file",
      "question",
      "answer",
      "client",
    ],
  );
  const linked = typebotExport(
    "tb-linked",
    "Linked",
    [
      text("b-linked", "Hello from the linked bot"),
      // Time to read it before the redirect leaves the page.
      { id: "w-linked", type: "Wait", options: { secondsToWaitFor: "2" } },
      // Redirect URLs are absolute (one without a scheme gets https://): the viewer's health page.
      { id: "r-away", type: "Redirect", options: { url: `${viewerUrl}/api/health`, isNewTab: false } },
    ],
    [],
  );
  const { bots } = await importAndPublish(page, user.workspaceId, [main, linked]);
  const { url, server } = await serveTypebotPage(bots[0]!.publicId);
  try {
    await page.goto(url);
    const chat = page.locator("typebot-standard");
    await expect(chat.getByText("Hi! What's your name?")).toBeVisible();
    // The first script came before any bubble: without lastBubbleBlockId, Typebot's client ran it.
    await expect(page.locator("body")).toHaveAttribute("data-first-script", "ran");
    await answer(chat, "Your name", "Ada");
    await expect(chat.getByText("Your e-mail, Ada?")).toBeVisible();
    // The browser's own check of an e-mail field passes "ada@localhost"; the bot's refuses it (no dot in the domain).
    await answer(chat, "Your email", "ada@localhost");
    await expect(chat.getByText("That is no e-mail")).toBeVisible();
    await answer(chat, "Your email", "ada@example.com");
    await answer(chat, "Cups per day", "3");
    await expect(chat.getByText("Which plan?")).toBeVisible();
    await chat.getByRole("button", { name: "Pro", exact: true }).click();
    await expect(chat.getByText("Which topics?")).toBeVisible();
    // Typebot's multiple choice: each item is a label around a visually hidden checkbox; the label toggles it.
    await chat.locator("label[data-itemid='it-design']").click();
    await chat.locator("label[data-itemid='it-data']").click();
    await chat.getByRole("button", { name: "Done" }).click();
    await expect(chat.getByText("Where to?")).toBeVisible();
    await chat.getByRole("button", { name: "Sea" }).click();
    await expect(chat.getByText("How likely are you to recommend us?")).toBeVisible();
    await chat.locator("label", { hasText: /^4$/ }).click();
    await expect(chat.getByText("When?")).toBeVisible();
    await chat.locator("input[type='date']").fill("2026-12-24");
    await chat.getByRole("button", { name: "Send" }).click();
    await answer(chat, "Your phone", "0612345678");
    await answer(chat, "Your website", "https://ada.example.com");
    await expect(chat.getByText("Send us a file")).toBeVisible();
    await chat.locator("input[type='file']").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Ada's notes"),
    });
    // A single file uploads as soon as it is chosen (generate-upload-url, then a PUT without a key).
    await expect(chat.getByText("Ask me anything")).toBeVisible();

    openai.setReply("Parley streams this answer to Typebot's client.");
    await answer(chat, "Your question", "What is Parley?");
    await expect(chat.getByText("Parley streams this answer to Typebot's client.")).toBeVisible();
    await expect(chat.getByText("Client says: set in the browser")).toBeVisible();
    await expect(chat.getByText("Ada, ada@example.com, 3 cups, Pro, Design, Data, Sea, 4/5")).toBeVisible();
    await expect(chat.getByText("Hello from the linked bot")).toBeVisible();
    await expect(page).toHaveURL(`${viewerUrl}/api/health`);
  } finally {
    server.close();
  }

  // What the client sent reached the results: the answers and the uploaded file of that result.
  const token = await createApiToken(page.request);
  const results = await page.request.get(`/api/v1/bots/${bots[0]!.id}/results?timeFilter=allTime`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [result] = (
    (await results.json()) as { results: { variables: { name: string; value: unknown }[] }[] }
  ).results;
  const values = Object.fromEntries(
    (result?.variables ?? []).map((variable) => [variable.name, variable.value]),
  );
  expect(values).toMatchObject({ name: "Ada", email: "ada@example.com", plan: "Pro", place: "Sea" });
  expect(String(values.file)).toMatch(/notes\.txt$/);
  const file = await page.request.get(String(values.file));
  expect(await file.text()).toBe("Ada's notes");
});

test("Typebot's client remembers the user across a reload", async ({ page, user }) => {
  const bot = typebotExport(
    "tb-remember",
    "Remember",
    [
      text("b-hi", "Hi there, your name?"),
      { id: "in-name", type: "text input", options: { variableId: "v-name", ...labels("Your name") } },
      text("b-hello", "Nice to meet you {{name}}"),
      { id: "in-colour", type: "text input", options: { variableId: "v-colour", ...labels("Your colour") } },
      text("b-bye", "{{name}} likes {{colour}}"),
    ],
    ["name", "colour"],
    { general: { rememberUser: { isEnabled: true, storage: "local" } } },
  );
  const { bots } = await importAndPublish(page, user.workspaceId, [bot]);
  const { url, server } = await serveTypebotPage(bots[0]!.publicId);
  try {
    await page.goto(url);
    const chat = page.locator("typebot-standard");
    await answer(chat, "Your name", "Grace");
    await expect(chat.getByText("Nice to meet you Grace")).toBeVisible();
    await page.reload();
    await expect(chat.getByText("Nice to meet you Grace")).toBeVisible();
    await answer(chat, "Your colour", "teal");
    await expect(chat.getByText("Grace likes teal")).toBeVisible();
  } finally {
    server.close();
  }
});

test("Typebot's keyless calls cannot reach a bot whose public share is off", async ({ page, user }) => {
  const bot = typebotExport("tb-private", "Private", [text("b-hi", "Secret hello")], [], {
    publicShare: { isEnabled: false },
  });
  const { bots } = await importAndPublish(page, user.workspaceId, [bot]);
  const refused = await page.request.post(`${viewerUrl}/api/v1/typebots/${bots[0]!.publicId}/startChat`, {
    data: { isStreamEnabled: true },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({
    code: "UNAUTHORIZED",
    issues: [expect.objectContaining({ code: "CHAT_KEY_REQUIRED" })],
  });
});

test("Typebot's React client completes a conversation through several input kinds, nothing from a third party", async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  const bot = typebotExport(
    "tb-react",
    "React embed",
    [
      text("b-hi", "Welcome! What's your name?"),
      { id: "in-name", type: "text input", options: { variableId: "v-name", ...labels("Your name") } },
      {
        id: "in-email",
        type: "email input",
        options: { variableId: "v-email", retryMessageContent: "That is no e-mail", ...labels("Your email") },
      },
      { id: "in-seats", type: "number input", options: { variableId: "v-seats", ...labels("Seats") } },
      text("b-plan", "Which plan, {{name}}?"),
      {
        id: "in-plan",
        type: "choice input",
        items: [
          { id: "it-team", content: "Team" },
          { id: "it-business", content: "Business" },
        ],
        options: { variableId: "v-plan" },
      },
      text("b-rating", "How easy was that?"),
      {
        id: "in-rating",
        type: "rating input",
        options: { variableId: "v-rating", buttonType: "Numbers", length: 5, isOneClickSubmitEnabled: true },
      },
      text("b-date", "Start on?"),
      { id: "in-date", type: "date input", options: { variableId: "v-date", labels: { button: "Send" } } },
      text("b-summary", "{{name}} <{{email}}>: {{seats}} seats of {{plan}}, rated {{rating}}, from {{date}}"),
    ],
    ["name", "email", "seats", "plan", "rating", "date"],
  );
  const { bots } = await importAndPublish(page, user.workspaceId, [bot]);
  const { url, server } = await serveTypebotReactApp(bots[0]!.publicId);
  try {
    const requests = recordRequests(page);
    await page.goto(url);
    const chat = page.locator("typebot-standard");
    await expect(chat.getByText("Welcome! What's your name?")).toBeVisible();
    await answer(chat, "Your name", "Ada");
    await answer(chat, "Your email", "ada@localhost");
    await expect(chat.getByText("That is no e-mail")).toBeVisible();
    await answer(chat, "Your email", "ada@example.com");
    await answer(chat, "Seats", "12");
    await expect(chat.getByText("Which plan, Ada?")).toBeVisible();
    await chat.getByRole("button", { name: "Business", exact: true }).click();
    await expect(chat.getByText("How easy was that?")).toBeVisible();
    await chat.locator("label", { hasText: /^5$/ }).click();
    await expect(chat.getByText("Start on?")).toBeVisible();
    await chat.locator("input[type='date']").fill("2027-01-04");
    await chat.getByRole("button", { name: "Send" }).click();
    await expect(
      chat.getByText("Ada <ada@example.com>: 12 seats of Business, rated 5, from 04/01/2027"),
    ).toBeVisible();
    // Typebot's callbacks, as the React component hands them to its client.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { typebotCalls: string[] }).typebotCalls))
      .toEqual([
        "answer Ada",
        "answer ada@localhost",
        "answer ada@example.com",
        "answer 12",
        "answer Business",
        "answer 5",
        // The date as the client sends it; the bot shows it in its format.
        "answer 2027-01-04",
        "end",
      ]);
    // The theme's font came from the viewer too: no request left the page's site and the viewer.
    expect(requests.map((request) => request.href)).toContain(`${viewerUrl}/fonts/inter.css`);
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter"'))).toBe(true);
    expect([...new Set(requests.map((request) => request.origin))].sort()).toEqual(
      [new URL(url).origin, new URL(viewerUrl).origin].sort(),
    );
  } finally {
    server.close();
  }

  const token = await createApiToken(page.request);
  const results = await page.request.get(`/api/v1/bots/${bots[0]!.id}/results?timeFilter=allTime`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [result] = (
    (await results.json()) as {
      results: { isCompleted: boolean; variables: { name: string; value: unknown }[] }[];
    }
  ).results;
  expect(result?.isCompleted).toBe(true);
  expect(
    Object.fromEntries((result?.variables ?? []).map((variable) => [variable.name, variable.value])),
  ).toMatchObject({
    name: "Ada",
    email: "ada@example.com",
    plan: "Business",
  });
});
