import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The query endpoint embeds the question through the server's allow-list: a local server on 127.0.0.1.
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import { getPrisma } from "@parley/db";
import { stopJobQueue } from "@parley/db/queue";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { buildDocx, buildPdf } from "@parley/integrations/testing/knowledgeFiles";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { createRestApiHandler } from "../../mounts";
import { callApi } from "../../testing/fixtures";
import {
  createEmbeddingCredentials,
  createKnowledgeBase,
  listKnowledgeSources,
  queryKnowledge,
  runQueuedIndexing,
} from "../../testing/knowledgeFixtures";

const apiKey = "sk-knowledge-file-test";
let openAi: FakeProviderServer;
const handleRest = createRestApiHandler();

beforeAll(async () => {
  openAi = await startFakeOpenAiServer(apiKey);
});
afterAll(async () => {
  await openAi.close();
  await stopJobQueue();
});

const createBase = async (team: TestTeam) =>
  (
    await createKnowledgeBase(team, await createEmbeddingCredentials(team.workspaceId, openAi, apiKey), {
      name: "Manuals",
    })
  ).id;
/** The best passage for `question`. */
const topHit = async (team: TestTeam, knowledgeBaseId: string, question: string) =>
  (await queryKnowledge(team, knowledgeBaseId, question, 1))[0];

/** POST …/files as an API consumer sends it: the file as the body. */
async function upload(
  knowledgeBaseId: string,
  name: string | null,
  body: Uint8Array | string | ReadableStream<Uint8Array>,
  options: { token?: string; contentType?: string; headers?: Record<string, string> } = {},
) {
  const query = name === null ? "" : `?name=${encodeURIComponent(name)}`;
  const response = await handleRest(
    new Request(`http://localhost:3000/api/v1/knowledgeBases/${knowledgeBaseId}/files${query}`, {
      method: "POST",
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.contentType ? { "content-type": options.contentType } : {}),
        ...options.headers,
      },
      body: body as BodyInit,
      duplex: "half",
    } as RequestInit),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A body of `size` bytes, produced as it is read (never held whole). */
function streamOf(size: number): ReadableStream<Uint8Array> {
  const piece = new Uint8Array(1024 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const next = piece.subarray(0, Math.min(piece.byteLength, size - sent));
      sent += next.byteLength;
      controller.enqueue(next);
    },
  });
}

describe("file sources", () => {
  it("indexes PDF, DOCX, Markdown, HTML, text and CSV files, each found by a question with its location", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const files: [string, string | undefined, Uint8Array | string][] = [
      [
        "manual.pdf",
        "application/pdf",
        buildPdf([
          ["Unpacking the kettle", "Remove the cardboard sleeve before first use."],
          ["Descaling", "Descale the kettle every month with white vinegar."],
        ]),
      ],
      [
        "returns.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        await buildDocx([
          { heading: "Returns", level: 1 },
          { paragraph: "Unused toasters can be returned within 30 days." },
          { heading: "Refund delays", level: 2 },
          { paragraph: "A refund reaches the bank account within five working days." },
        ]),
      ],
      [
        "shipping.md",
        "text/markdown",
        "# Shipping\n\n## Islands\n\nParcels to Corsica travel by ferry on Tuesdays.",
      ],
      [
        "faq.html",
        "text/html; charset=utf-8",
        "<html><body><h1>FAQ</h1><h2>Gift wrapping</h2><p>Gift wrapping costs three euros per parcel.</p><script>x()</script></body></html>",
      ],
      ["notes.txt", "application/octet-stream", "The showroom in Nantes closes on Sundays."],
      [
        "prices.csv",
        "text/csv",
        "Product,Price,Colour\nKettle,30 euros,Copper\nToaster,25 euros,Mint green\n",
      ],
    ];
    const ids: Record<string, string> = {};
    for (const [name, contentType, body] of files) {
      const added = await upload(knowledgeBaseId, name, body, { token: team.member.token, contentType });
      expect(added.status, name).toBe(200);
      expect(added.body.source).toMatchObject({ type: "file", name, status: "pending" });
      ids[name] = added.body.source.id;
    }
    await runQueuedIndexing();
    const sources = await listKnowledgeSources(team, knowledgeBaseId);
    expect(sources.map((source) => [source.name, source.status, source.error, source.fileType])).toEqual([
      ["manual.pdf", "ready", null, "application/pdf"],
      [
        "returns.docx",
        "ready",
        null,
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      ["shipping.md", "ready", null, "text/markdown"],
      ["faq.html", "ready", null, "text/html"],
      ["notes.txt", "ready", null, "text/plain"],
      ["prices.csv", "ready", null, "text/csv"],
    ]);
    expect(sources[0]?.fileSize).toBe((files[0] as [string, string, Uint8Array])[2].byteLength);

    expect(await topHit(team, knowledgeBaseId, "Descale every month with white vinegar?")).toMatchObject({
      source: { id: ids["manual.pdf"], name: "manual.pdf" },
      location: "Page 2",
    });
    const refund = await topHit(team, knowledgeBaseId, "How long until the refund reaches my bank account?");
    expect(refund).toMatchObject({
      source: { id: ids["returns.docx"] },
      location: "Returns > Refund delays",
    });
    expect(await topHit(team, knowledgeBaseId, "When do parcels to Corsica travel?")).toMatchObject({
      source: { id: ids["shipping.md"] },
      location: "Shipping > Islands",
    });
    const wrapping = await topHit(team, knowledgeBaseId, "How much does gift wrapping cost?");
    expect(wrapping).toMatchObject({ source: { id: ids["faq.html"] }, location: "FAQ > Gift wrapping" });
    expect(await topHit(team, knowledgeBaseId, "Is the showroom in Nantes open on Sundays?")).toMatchObject({
      source: { id: ids["notes.txt"] },
    });
    const colour = await topHit(team, knowledgeBaseId, "What colour is the toaster?");
    expect(colour.source.id).toBe(ids["prices.csv"]);
    expect(colour.text).toContain("Product: Toaster\nPrice: 25 euros\nColour: Mint green");
  });

  it("reads a file stored in several parts in order, a character split between two parts included, again on refresh", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const head = Buffer.from("The first paragraph talks about kettles.\n\n");
    const padding = Buffer.alloc(1024 * 1024 - head.byteLength - 1, "\n");
    // "é" is two bytes: its first ends the first 1 MiB part, its second starts the next one.
    const tail = Buffer.from("été: the summer opening hours start in June.\n\n");
    const file = Buffer.concat([
      head,
      padding,
      tail,
      Buffer.alloc(600 * 1024, "\n"),
      Buffer.from("Last words."),
    ]);
    const added = await upload(knowledgeBaseId, "hours.txt", file, {
      token: team.member.token,
      contentType: "text/plain",
    });
    expect(added.status).toBe(200);
    const sourceId = added.body.source.id as string;
    expect(await getPrisma().knowledgeFilePart.count({ where: { sourceId } })).toBe(2);
    await runQueuedIndexing();
    const hit = await topHit(team, knowledgeBaseId, "When do the summer opening hours start?");
    expect(hit.text).toBe(
      "The first paragraph talks about kettles.\n\nété: the summer opening hours start in June.\n\nLast words.",
    );
    const refreshed = await callApi(
      "POST",
      `/knowledgeBases/${knowledgeBaseId}/sources/${sourceId}/refresh`,
      {
        token: team.member.token,
      },
    );
    expect(refreshed.status).toBe(200);
    await runQueuedIndexing();
    expect((await listKnowledgeSources(team, knowledgeBaseId))[0]).toMatchObject({
      status: "ready",
      chunkCount: 1,
    });
  });

  it("refuses a 60 MB file at upload, declared or not, storing nothing", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const size = 60 * 1024 * 1024;
    const declared = await upload(knowledgeBaseId, "big.txt", streamOf(size), {
      token: team.member.token,
      contentType: "text/plain",
      headers: { "content-length": String(size) },
    });
    expect(declared.status).toBe(400);
    expect(declared.body).toEqual({
      code: "BAD_REQUEST",
      message: expect.any(String),
      issues: [{ message: "The file is larger than 50 MB", code: "PAYLOAD_TOO_LARGE" }],
    });
    const streamed = await upload(knowledgeBaseId, "big.txt", streamOf(size), {
      token: team.member.token,
      contentType: "text/plain",
    });
    expect(streamed.status).toBe(400);
    expect(streamed.body.issues[0].code).toBe("PAYLOAD_TOO_LARGE");
    expect(await getPrisma().knowledgeSource.count({ where: { knowledgeBaseId } })).toBe(0);
    expect(await getPrisma().knowledgeFilePart.count({ where: { source: { knowledgeBaseId } } })).toBe(0);
  });

  it("accepts a file of exactly 50 MB, stored in 50 parts", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const added = await upload(knowledgeBaseId, "limit.txt", streamOf(50 * 1024 * 1024), {
      token: team.member.token,
      contentType: "text/plain",
    });
    expect(added.status).toBe(200);
    expect(added.body.source).toMatchObject({ fileSize: 50 * 1024 * 1024, status: "pending" });
    const sourceId = added.body.source.id as string;
    expect(await getPrisma().knowledgeFilePart.count({ where: { sourceId } })).toBe(50);
    // Deleted before its indexing runs: its job then finds nothing to do, and its parts are gone with it.
    const deleted = await callApi("DELETE", `/knowledgeBases/${knowledgeBaseId}/sources/${sourceId}`, {
      token: team.member.token,
    });
    expect(deleted.status).toBe(200);
    expect(await getPrisma().knowledgeFilePart.count({ where: { sourceId } })).toBe(0);
  });

  it("fails an empty, an encrypted and a damaged PDF with a readable error, nothing searchable", async () => {
    const team = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    for (const [name, bytes] of [
      ["blank.pdf", buildPdf([[], []])],
      ["locked.pdf", buildPdf([["Confidential salaries"]], { encrypted: true })],
      ["broken.pdf", Buffer.from("%PDF-1.4\nthis is not really a PDF")],
    ] as const) {
      const added = await upload(knowledgeBaseId, name, bytes, {
        token: team.member.token,
        contentType: "application/pdf",
      });
      expect(added.status).toBe(200);
    }
    await runQueuedIndexing();
    const sources = await listKnowledgeSources(team, knowledgeBaseId);
    expect(sources.map((source) => [source.name, source.status, source.chunkCount])).toEqual([
      ["blank.pdf", "failed", 0],
      ["locked.pdf", "failed", 0],
      ["broken.pdf", "failed", 0],
    ]);
    expect(sources[0]?.error).toBe(
      "The PDF has no text (a scanned document holds images only: run it through text recognition first)",
    );
    expect(sources[1]?.error).toBe("The PDF is encrypted with a password: upload it without one");
    expect(sources[2]?.error).toMatch(/^The file is not a readable PDF: /);
    expect(await getPrisma().knowledgeChunk.count({ where: { knowledgeBaseId } })).toBe(0);
  });

  it("checks the caller, the base and the file before storing anything", async () => {
    const team = await createTestTeam();
    const other = await createTestTeam();
    const knowledgeBaseId = await createBase(team);
    const text = "Some text.";
    expect((await upload(knowledgeBaseId, "a.txt", text, { contentType: "text/plain" })).status).toBe(401);
    expect(
      (await upload(knowledgeBaseId, "a.txt", text, { token: team.guest.token, contentType: "text/plain" }))
        .status,
    ).toBe(403);
    expect(
      (await upload(knowledgeBaseId, "a.txt", text, { token: other.admin.token, contentType: "text/plain" }))
        .status,
    ).toBe(403);
    const missingName = await upload(knowledgeBaseId, null, text, {
      token: team.member.token,
      contentType: "text/plain",
    });
    expect(missingName.status).toBe(400);
    expect(missingName.body.issues[0].path).toEqual(["name"]);
    const image = await upload(knowledgeBaseId, "photo.png", "png", {
      token: team.member.token,
      contentType: "image/png",
    });
    expect(image.status).toBe(400);
    expect(image.body.issues[0].code).toBe("UNSUPPORTED_FILE_TYPE");
    const empty = await upload(knowledgeBaseId, "empty.txt", "", {
      token: team.member.token,
      contentType: "text/plain",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].code).toBe("FILE_EMPTY");
    // The builder's sign-in cookie authenticates an upload from the builder's own pages only.
    const { token: session } = await createUserSession(getPrisma(), team.member.user.id);
    const cookie = { cookie: `parley_session=${session}` };
    const crossSite = await upload(knowledgeBaseId, "a.txt", text, {
      contentType: "text/plain",
      headers: { ...cookie, origin: "http://localhost:3001", "sec-fetch-site": "same-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.issues[0].code).toBe("CROSS_SITE_REQUEST");
    expect(await getPrisma().knowledgeSource.count({ where: { knowledgeBaseId } })).toBe(0);
    const fromBuilder = await upload(knowledgeBaseId, "a.txt", text, {
      contentType: "text/plain",
      headers: { ...cookie, origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(fromBuilder.status).toBe(200);
    await callApi("DELETE", `/knowledgeBases/${knowledgeBaseId}/sources/${fromBuilder.body.source.id}`, {
      token: team.member.token,
    });
    // A file source is added here only: the JSON endpoint refuses the type.
    const json = await callApi("POST", `/knowledgeBases/${knowledgeBaseId}/sources`, {
      token: team.member.token,
      body: { source: { type: "file", name: "a.txt" } },
    });
    expect(json.status).toBe(400);
    expect(await getPrisma().knowledgeSource.count({ where: { knowledgeBaseId } })).toBe(0);
  });
});
