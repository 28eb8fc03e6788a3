import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The query endpoint embeds the question through the server's allow-list: a local server on 127.0.0.1.
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { getPrisma } from "@parley/db";
import { stopJobQueue } from "@parley/db/queue";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { type LocalServer, startLocalServer } from "@parley/integrations/testing/startLocalServer";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { callApi } from "../../testing/fixtures";
import {
  addKnowledgeSource,
  createEmbeddingCredentials,
  createKnowledgeBase,
  listKnowledgeSources,
  queryKnowledge,
  runQueuedIndexing,
} from "../../testing/knowledgeFixtures";

const apiKey = "sk-knowledge-web-test";
let openAi: FakeProviderServer;
let site: LocalServer;
/** Entries of the huge sitemap the site wrote before its reader hung up. */
let hugeSitemapWritten = 0;
let hugeSitemapFinished = false;
/** Pages whose text the tests change (a site updated between two readings). */
const pageTexts = new Map<string, string>([
  ["/pages/returns", "Items can be returned within 30 days of delivery for a full refund."],
  ["/pages/shipping", "Orders leave the warehouse in Lyon within two working days."],
  ["/pages/warranty", "Every kettle carries a warranty of two years against defects."],
  ["/pages/contact", "The support team answers by e-mail from nine to five."],
]);
const HUGE_SITEMAP_URLS = 1_000_000;

function html(title: string, body: string) {
  return `<!doctype html><html><head><title>${title}</title><style>body{color:red}</style></head><body>
<nav><a href="/">Home</a> <a href="/pages/contact">Contact</a></nav>
<main><h1>${title}</h1><h2>Policy</h2><p>${body}</p></main><script>var tracking = "secret-script-text";</script>
</body></html>`;
}

function urlset(paths: readonly string[]) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((path) => `  <url><loc>${path.startsWith("http") ? path : site.origin + path}</loc></url>`).join("\n")}
</urlset>`;
}

/** 1,000,000 `<url>` entries, written as the reader takes them (never held whole), until it hangs up. */
function writeHugeSitemap(response: ServerResponse) {
  response.writeHead(200, { "content-type": "application/xml" });
  response.write('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  let closed = false;
  response.on("close", () => {
    closed = true;
  });
  const writeMore = () => {
    while (!closed && hugeSitemapWritten < HUGE_SITEMAP_URLS) {
      const batch: string[] = [];
      for (let index = 0; index < 1000; index++)
        batch.push(`<url><loc>${site.origin}/pages/generated-${hugeSitemapWritten++}</loc></url>`);
      if (!response.write(batch.join(""))) {
        response.once("drain", writeMore);
        return;
      }
    }
    if (!closed) {
      hugeSitemapFinished = true;
      response.end("</urlset>");
    }
  };
  writeMore();
}

beforeAll(async () => {
  openAi = await startFakeOpenAiServer(apiKey);
  site = await startLocalServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { "content-type": type });
      response.end(body);
    };
    if (path === "/robots.txt")
      return send(
        200,
        "text/plain",
        "User-agent: *\nDisallow: /private/\n\nUser-agent: OtherBot\nDisallow: /\n",
      );
    if (path === "/sitemap.xml")
      return send(
        200,
        "application/xml",
        urlset([
          "/private/secret",
          "/pages/returns",
          "/private/another-secret",
          "/pages/shipping",
          "/pages/returns",
          "https://elsewhere.example/pages/x",
          "/pages/missing",
          "/pages/logo.png",
          "/pages/warranty",
        ]),
      );
    if (path === "/sitemap-index.xml")
      return send(
        200,
        "application/xml",
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>${site.origin}/sitemap-a.xml</loc></sitemap>
<sitemap><loc>${site.origin}/sitemap-b.xml.gz</loc></sitemap>
</sitemapindex>`,
      );
    if (path === "/sitemap-a.xml") return send(200, "application/xml", urlset(["/pages/returns"]));
    if (path === "/sitemap-b.xml.gz")
      return send(200, "application/gzip", gzipSync(urlset(["/private/secret", "/pages/contact"])));
    if (path === "/huge-sitemap.xml") return writeHugeSitemap(response);
    if (path === "/not-a-sitemap.xml") return send(200, "application/xml", "<html><body>Hello</body></html>");
    if (path === "/pages/logo.png") return send(200, "image/png", Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    if (path === "/pages/huge")
      return send(200, "text/html", `<html><body><p>${"word ".repeat(1.25 * 1024 * 1024)}</p></body></html>`);
    if (path === "/notes.md")
      return send(200, "text/markdown", "# Opening hours\n\nThe shop opens at eight.");
    if (path.startsWith("/private/")) return send(200, "text/html", html("Secret", "Internal only."));
    const text = pageTexts.get(path);
    if (text) return send(200, "text/html; charset=utf-8", html(path.slice(7), text));
    if (path.startsWith("/pages/generated-"))
      return send(200, "text/html", html("Generated", `Generated page number ${path.slice(17)}.`));
    return send(404, "text/plain", "Not found");
  });
});
afterAll(async () => {
  await openAi.close();
  await site.close();
  await stopJobQueue();
});

const requestedPaths = () =>
  site.requests.map((request) => new URL(request.url ?? "/", "http://site").pathname);

const createBase = async (team: TestTeam) =>
  (await createKnowledgeBase(team, await createEmbeddingCredentials(team.workspaceId, openAi, apiKey))).id;
const getSource = async (team: TestTeam, knowledgeBaseId: string, sourceId: string) =>
  (await listKnowledgeSources(team, knowledgeBaseId)).find((source) => source.id === sourceId);
const query = (team: TestTeam, knowledgeBaseId: string, text: string) =>
  queryKnowledge(team, knowledgeBaseId, text, 3);

async function listPages(team: TestTeam, knowledgeBaseId: string, sourceId: string) {
  const listed = await callApi("GET", `/knowledgeBases/${knowledgeBaseId}/sources/${sourceId}/pages`, {
    token: team.guest.token,
  });
  expect(listed.status).toBe(200);
  return listed.body.pages as { url: string; status: string; error: string | null; chunkCount: number }[];
}

describe("url and sitemap sources", () => {
  it("indexes a web page by its headings, cites its URL, and reads it again on refresh", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const added = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "url",
      url: `${site.origin}/pages/returns`,
    });
    expect(added.status).toBe(200);
    expect(added.body.source).toMatchObject({
      type: "url",
      name: `${site.origin}/pages/returns`,
      url: `${site.origin}/pages/returns`,
      status: "pending",
    });
    const sourceId = added.body.source.id as string;
    await runQueuedIndexing();
    expect(await getSource(team, knowledgeBaseId, sourceId)).toMatchObject({
      status: "ready",
      chunkCount: 1,
    });
    const [hit] = await query(team, knowledgeBaseId, "How many days to return an item?");
    expect(hit).toMatchObject({
      source: { id: sourceId, name: `${site.origin}/pages/returns`, url: `${site.origin}/pages/returns` },
      location: "returns > Policy",
    });
    expect(hit?.text).toBe("Items can be returned within 30 days of delivery for a full refund.");
    const stored = await getPrisma().knowledgeChunk.findMany({ where: { sourceId } });
    expect(stored.map((chunk) => chunk.text).join(" ")).not.toMatch(/secret-script-text|Home|color/);

    pageTexts.set("/pages/returns", "Items can be returned within 60 days of delivery for a full refund.");
    try {
      const refreshed = await callApi(
        "POST",
        `/knowledgeBases/${knowledgeBaseId}/sources/${sourceId}/refresh`,
        {
          token: team.member.token,
        },
      );
      expect(refreshed.status).toBe(200);
      await runQueuedIndexing();
      const texts = (await query(team, knowledgeBaseId, "return an item days")).map((result) => result.text);
      expect(texts).toEqual(["Items can be returned within 60 days of delivery for a full refund."]);
    } finally {
      pageTexts.set("/pages/returns", "Items can be returned within 30 days of delivery for a full refund.");
    }

    const markdown = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "url",
      url: `${site.origin}/notes.md`,
      name: "Notes",
    });
    await runQueuedIndexing();
    expect(await getSource(team, knowledgeBaseId, markdown.body.source.id)).toMatchObject({
      status: "ready",
      name: "Notes",
    });
    const [opening] = await query(team, knowledgeBaseId, "When does the shop open?");
    expect(opening).toMatchObject({ location: "Opening hours", text: "The shop opens at eight." });
  });

  it("reads a sitemap's pages that robots.txt allows, each once and of its own site, listing each page's status", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const before = site.requests.length;
    const added = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "sitemap",
      url: `${site.origin}/sitemap.xml`,
    });
    expect(added.body.source).toMatchObject({ type: "sitemap", maxPages: 100, status: "pending" });
    const sourceId = added.body.source.id as string;
    await runQueuedIndexing();
    const requested = requestedPaths().slice(before);
    expect(requested.filter((path) => path.startsWith("/private/"))).toEqual([]);
    expect(requested.filter((path) => path === "/pages/returns")).toHaveLength(1);
    expect(requested.filter((path) => path === "/robots.txt")).toHaveLength(1);
    const pages = await listPages(team, knowledgeBaseId, sourceId);
    expect(pages.map((page) => [page.url.slice(site.origin.length), page.status, page.chunkCount])).toEqual([
      ["/pages/returns", "ready", 1],
      ["/pages/shipping", "ready", 1],
      ["/pages/missing", "failed", 0],
      ["/pages/logo.png", "failed", 0],
      ["/pages/warranty", "ready", 1],
    ]);
    expect(pages[2]?.error).toBe(`Could not read ${site.origin}/pages/missing: the server answered 404`);
    expect(pages[3]?.error).toMatch(/content type image\/png is not a web page/);
    expect(await getSource(team, knowledgeBaseId, sourceId)).toMatchObject({
      status: "ready",
      chunkCount: 3,
    });
    const [hit] = await query(team, knowledgeBaseId, "How long is the kettle warranty?");
    expect(hit?.source).toEqual({
      id: sourceId,
      name: `${site.origin}/sitemap.xml`,
      url: `${site.origin}/pages/warranty`,
    });

    // Another workspace can list neither its pages nor the source's.
    const other = await createTestTeam();
    const foreign = await callApi("GET", `/knowledgeBases/${knowledgeBaseId}/sources/${sourceId}/pages`, {
      token: other.admin.token,
    });
    expect(foreign.status).toBe(403);
    const wrongBase = await callApi(
      "GET",
      `/knowledgeBases/${await createBase(team)}/sources/${sourceId}/pages`,
      {
        token: team.guest.token,
      },
    );
    expect(wrongBase.status).toBe(404);
  });

  it("honours maxPages, counting only the pages robots.txt allows, and follows a sitemap index (gzip too)", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const before = site.requests.length;
    const limited = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "sitemap",
      url: `${site.origin}/sitemap.xml`,
      maxPages: 2,
      name: "Two pages",
    });
    await runQueuedIndexing();
    const limitedPages = await listPages(team, knowledgeBaseId, limited.body.source.id);
    expect(limitedPages.map((page) => page.url)).toEqual([
      `${site.origin}/pages/returns`,
      `${site.origin}/pages/shipping`,
    ]);
    const fetchedPages = requestedPaths()
      .slice(before)
      .filter((path) => !path.endsWith(".xml") && path !== "/robots.txt");
    expect(fetchedPages.sort()).toEqual(["/pages/returns", "/pages/shipping"]);

    const index = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "sitemap",
      url: `${site.origin}/sitemap-index.xml`,
    });
    await runQueuedIndexing();
    const indexPages = await listPages(team, knowledgeBaseId, index.body.source.id);
    expect(indexPages.map((page) => [page.url, page.status])).toEqual([
      [`${site.origin}/pages/returns`, "ready"],
      [`${site.origin}/pages/contact`, "ready"],
    ]);
  });

  it("bounds a sitemap of 1,000,000 URLs: reads maxPages of them and hangs up", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const added = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "sitemap",
      url: `${site.origin}/huge-sitemap.xml`,
      maxPages: 20,
    });
    await runQueuedIndexing();
    const pages = await listPages(team, knowledgeBaseId, added.body.source.id);
    expect(pages).toHaveLength(20);
    expect(pages.every((page) => page.status === "ready")).toBe(true);
    expect(pages.at(-1)?.url).toBe(`${site.origin}/pages/generated-19`);
    expect(hugeSitemapFinished).toBe(false);
    expect(hugeSitemapWritten).toBeLessThan(HUGE_SITEMAP_URLS);
    expect(await getSource(team, knowledgeBaseId, added.body.source.id)).toMatchObject({
      status: "ready",
      chunkCount: 20,
    });
  });

  it("fails a source at a private address without connecting, and one that is not a sitemap, with a readable error", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const page = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "url",
      url: "http://10.0.0.1/internal",
    });
    const sitemap = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "sitemap",
      url: "http://192.168.1.1/sitemap.xml",
    });
    const notSitemap = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "sitemap",
      url: `${site.origin}/not-a-sitemap.xml`,
    });
    const disallowed = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "url",
      url: `${site.origin}/private/secret`,
    });
    const huge = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "url",
      url: `${site.origin}/pages/huge`,
    });
    const before = site.requests.length;
    await runQueuedIndexing();
    expect(await getSource(team, knowledgeBaseId, page.body.source.id)).toMatchObject({
      status: "failed",
      chunkCount: 0,
      error:
        "Could not read http://10.0.0.1/internal: its address is private or reserved, which the server's outbound rules refuse",
    });
    expect(await getSource(team, knowledgeBaseId, sitemap.body.source.id)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("its address is private or reserved"),
    });
    expect(await getSource(team, knowledgeBaseId, notSitemap.body.source.id)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("is not a valid sitemap"),
    });
    expect(await getSource(team, knowledgeBaseId, disallowed.body.source.id)).toMatchObject({
      status: "failed",
      error: `The site's robots.txt does not allow reading ${site.origin}/private/secret`,
    });
    expect(
      requestedPaths()
        .slice(before)
        .filter((path) => path.startsWith("/private/")),
    ).toEqual([]);
    expect(await getSource(team, knowledgeBaseId, huge.body.source.id)).toMatchObject({
      status: "failed",
      error: `Could not read ${site.origin}/pages/huge: The response is larger than 5242880 bytes`,
    });
    expect(await getPrisma().knowledgeChunk.count({ where: { knowledgeBaseId } })).toBe(0);
  });

  it("refuses bad url and sitemap sources and text edits of a web source", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    for (const [source, path] of [
      [{ type: "url", url: "ftp://files.example.com/a" }, ["source", "url"]],
      [{ type: "url", url: "not a url" }, ["source", "url"]],
      [{ type: "url", url: "https://user:secret@example.com/" }, ["source", "url"]],
      [{ type: "sitemap", url: "https://example.com/sitemap.xml", maxPages: 10_001 }, ["source", "maxPages"]],
      [{ type: "sitemap", url: "https://example.com/sitemap.xml", maxPages: 0 }, ["source", "maxPages"]],
      [{ type: "url", url: "https://example.com/", text: "x" }, ["source", "text"]],
    ] as const) {
      const refused = await addKnowledgeSource(team, knowledgeBaseId, source);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("BAD_REQUEST");
      expect(refused.body.issues[0].path).toEqual(path);
    }
    const added = await addKnowledgeSource(team, knowledgeBaseId, {
      type: "url",
      url: "https://example.com/",
    });
    const patched = await callApi(
      "PATCH",
      `/knowledgeBases/${knowledgeBaseId}/sources/${added.body.source.id}`,
      {
        token: team.member.token,
        body: { source: { text: "New text" } },
      },
    );
    expect(patched.status).toBe(400);
    expect(patched.body.issues).toEqual([
      expect.objectContaining({ code: "NOT_A_TEXT_SOURCE", path: ["source", "text"] }),
    ]);
    const renamed = await callApi(
      "PATCH",
      `/knowledgeBases/${knowledgeBaseId}/sources/${added.body.source.id}`,
      {
        token: team.member.token,
        body: { source: { name: "Home page" } },
      },
    );
    expect(renamed.body.source).toMatchObject({ name: "Home page", url: "https://example.com/" });
  });
});
