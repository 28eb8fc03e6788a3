import type { APIRequestContext, Page } from "@playwright/test";
import type { FakeProviderServer } from "../packages/integrations/src/testing/fakeProviderServer";
import { startFakeOpenAiServer } from "../packages/integrations/src/testing/openAiProtocolServer";
import { type LocalServer, startLocalServer } from "../packages/integrations/src/testing/startLocalServer";
import { expectNoAxeViolations } from "./support/axe";
import { createApiToken, createPublishedBot, viewerUrl } from "./support/bots";
import { expect, staleConnectionRetries, test } from "./support/fixtures";

// A visitor talks to an AI agent on its share page, in Chromium at a phone's width. The agent's model and its
// knowledge base's embeddings are a local server speaking OpenAI's protocol, its web source a local page (the
// e2e install allows 127.0.0.1 through OUTBOUND_ALLOWED_HOSTS); the builder's own worker indexes the sources.

const apiKey = "sk-e2e-agent-0123456789abcdef";
let openai: FakeProviderServer;
let site: LocalServer;

test.beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  site = await startLocalServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    if (path === "/robots.txt") {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("User-agent: *\nAllow: /\n");
      return;
    }
    if (path !== "/warranty") {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("Not found");
      return;
    }
    response.writeHead(200, { "content-type": "text/html" });
    response.end(
      "<!doctype html><html><head><title>Warranty</title></head><body><h1>Warranty</h1>" +
        "<p>Every kettle carries a two-year warranty against defects.</p></body></html>",
    );
  });
});
test.afterAll(() => Promise.all([openai.close(), site.close()]));

const fallbackMessage = "I can only answer questions about our shop.";

/** A knowledge base with a text source and a web page, made over REST; returned once both are indexed. */
async function createIndexedBase(request: APIRequestContext, workspaceId: string, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(`/api/v1${path}`, {
      headers,
      data,
      maxRetries: staleConnectionRetries,
    });
    if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { credentials } = await post<{ credentials: { id: string } }>("/credentials", {
    workspaceId,
    credentials: { type: "openai", name: "Local OpenAI", data: { apiKey, baseUrl: `${openai.origin}/v1` } },
  });
  const { knowledgeBase } = await post<{ knowledgeBase: { id: string } }>("/knowledgeBases", {
    workspaceId,
    knowledgeBase: {
      name: "Help centre",
      credentialsId: credentials.id,
      embeddingModel: "text-embedding-3-small",
    },
  });
  await post(`/knowledgeBases/${knowledgeBase.id}/sources`, {
    source: {
      type: "text",
      name: "Returns policy",
      text: "# Returns\n\nKettles can be returned within 30 days of delivery, free of charge.",
    },
  });
  await post(`/knowledgeBases/${knowledgeBase.id}/sources`, {
    source: { type: "url", url: `${site.origin}/warranty`, name: "Warranty page" },
  });
  // Indexing runs in the background, on a machine other specs share.
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/knowledgeBases/${knowledgeBase.id}/sources`, {
          headers,
          maxRetries: staleConnectionRetries,
        });
        const { sources } = (await response.json()) as { sources: { status: string; error?: string }[] };
        return sources.map((source) => `${source.status}${source.error ? `: ${source.error}` : ""}`);
      },
      { timeout: 60_000 },
    )
    .toEqual(["ready", "ready"]);
  return { credentialsId: credentials.id, knowledgeBaseId: knowledgeBase.id };
}

/** A bot of one AI agent block that searches the base, published; its share page's id. */
async function publishAgentBot(request: APIRequestContext, workspaceId: string) {
  const token = await createApiToken(request);
  const { credentialsId, knowledgeBaseId } = await createIndexedBase(request, workspaceId, token);
  const { publicId } = await createPublishedBot(request, workspaceId, {
    name: "Kettle shop assistant",
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-agent",
        title: "Support",
        graphCoordinates: { x: 200, y: 0 },
        blocks: [
          {
            id: "b-agent",
            type: "AI agent",
            items: [],
            options: {
              provider: "openai",
              credentialsId,
              model: "gpt-4o-mini",
              instructions: "You are the kettle shop's assistant.",
              knowledgeBaseIds: [knowledgeBaseId],
              openingMessage: "Hello! Ask me about returns or the warranty.",
              fallbackMessage,
            },
          },
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-agent" } }],
    variables: [],
  });
  return publicId;
}

const hostBubble = (page: Page, text: string | RegExp) =>
  page.getByTestId("host-bubble").filter({ hasText: text });

async function ask(page: Page, question: string) {
  // The agent's field has no placeholder of its own: it is the widget's text field.
  const field = page.getByRole("textbox");
  await field.fill(question);
  await field.press("Enter");
  await expect(page.getByTestId("guest-bubble").filter({ hasText: question })).toBeVisible();
}

test("a visitor's question is answered by the agent, streamed, with its sources under the answer; an unanswerable one gets the fallback", async ({
  browser,
  page,
  user,
}) => {
  // Indexing and the agent's steps run on a machine other specs share.
  test.setTimeout(180_000);
  const publicId = await publishAgentBot(page.request, user.workspaceId);
  // A context of its own (axe analyses pages of a context made by browser.newContext()), at phone size.
  const phoneContext = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  await phone.goto(`${viewerUrl}/${publicId}`);
  await expect(hostBubble(phone, "Hello! Ask me about returns or the warranty.")).toBeVisible();

  // The model searches, then answers citing both sources; its answer is held after its first word.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = "Returns are free for 30 days [1], and every kettle has a two-year warranty [2].";
  openai.script(
    { toolCalls: [{ id: "call_1", name: "search_knowledge", arguments: '{"query":"returns warranty"}' }] },
    { text: answer, holdUntil: held },
  );
  await ask(phone, "Can I return a kettle, and is there a warranty?");
  // The answer's bubble shows its first word while the rest is still on its way: it grows as it streams.
  const answerBubble = hostBubble(phone, /^Returns/);
  await expect(answerBubble).toHaveText(/^Returns\s*$/);
  await expect(answerBubble).toHaveAttribute("aria-busy", "true");
  await expect(answerBubble.getByRole("region", { name: "Sources" })).toHaveCount(0);
  release();
  await expect(answerBubble).toContainText(answer);
  await expect(answerBubble).toHaveAttribute("aria-busy", "false");

  // The sources, under the answer, numbered as it cites them; the web page is a link to it.
  const sources = answerBubble.getByRole("region", { name: "Sources" });
  await expect(sources.getByRole("listitem")).toHaveCount(2);
  await expect(sources).toContainText("Returns policy");
  const pageLink = sources.getByRole("link", { name: "Warranty page" });
  await expect(pageLink).toHaveAttribute("href", `${site.origin}/warranty`);
  await expect(pageLink).toHaveAttribute("target", "_blank");
  // What the model was given: the passages of both sources, under the numbers its answer cites.
  const lastStep = openai.requests.filter((request) => request.path === "/v1/chat/completions").at(-1);
  const toolMessage = ((lastStep?.json?.messages ?? []) as { role: string; content: string }[]).find(
    (message) => message.role === "tool",
  );
  expect(toolMessage?.content).toContain("30 days of delivery");
  expect(toolMessage?.content).toContain("two-year warranty");
  const citedFirst = toolMessage?.content.match(/^\[1\] ([^\n>]+?)(?: > |\n)/)?.[1];
  await expect(sources.getByRole("listitem").first()).toHaveText(citedFirst ?? "");

  // Nothing overflows the phone's width, and the page with the sources passes axe.
  expect(
    await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(phone, "the share page with an answer's sources");

  // A question the knowledge base cannot answer: the model says so, the visitor reads the fallback text.
  openai.script(
    { toolCalls: [{ id: "call_2", name: "search_knowledge", arguments: '{"query":"opening hours Lyon"}' }] },
    { toolCalls: [{ id: "call_3", name: "no_answer", arguments: "{}" }] },
  );
  await ask(phone, "When does your shop in Lyon open?");
  const fallback = hostBubble(phone, fallbackMessage);
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole("region", { name: "Sources" })).toHaveCount(0);
  // The conversation goes on: the field is there for the next question.
  await expect(phone.getByRole("textbox")).toBeEditable();
  await phoneContext.close();
});
