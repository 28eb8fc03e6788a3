import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPrisma } from "@parley/db";
import { createLocalStorage } from "@parley/integrations/files/createUploadStorage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readResponse } from "../../testing/chatFixtures";
import { createChannelTestContext } from "../../testing/createChannelTestContext";
import type { TestFlow } from "../../testing/testFlow";
import { createFileFlow, createGreetingFlow, text } from "../../testing/testFlows";
import {
  createWhatsAppBot,
  messagingOn,
  textMessage,
  textSend,
  whatsAppAccount,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "../../testing/whatsAppFixtures";

const prisma = getPrisma();
const viewerUrl = "http://localhost:3001";
let directory = "";
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "parley-whatsapp-media-"));
});
afterAll(() => rm(directory, { recursive: true, force: true }));
const channel = createChannelTestContext({
  apis: { whatsApp: true },
  chat: () => ({
    channels: { sendRetryDelaysMs: [5] },
    uploads: { storage: createLocalStorage(directory), maxBytes: 1024 * 1024, viewerUrl },
  }),
});

type Target = { workspaceId: string; credentialsId: string };

async function say(target: Target, from: string, message: Record<string, unknown>) {
  channel.graph.takeCalls();
  const response = await readResponse(
    await channel.chat(whatsAppWebhookRequest(target, whatsAppNotification(from, message))),
  );
  expect(response).toMatchObject({ status: 200, body: { message: "success" } });
  await channel.runtime.channels.work.idle();
  return channel.graph.takeCalls();
}

/** A bubble, then the file input of createFileFlow (a PDF or an image), then "Got {{File}}". */
const idFlow = (options: Record<string, unknown> = {}): TestFlow => {
  const flow = createFileFlow(options);
  const [first] = flow.groups as { blocks: unknown[] }[];
  first?.blocks.unshift(text("b-ask", "Send us your ID"));
  return { ...flow, settings: messagingOn() };
};

const bearer = `Bearer ${whatsAppAccount.systemUserAccessToken}`;
const mediaCalls = (mediaId: string) => [
  { method: "GET", path: `/v21.0/${mediaId}`, authorization: bearer, body: null },
  { method: "GET", path: `/media-download/${mediaId}`, authorization: bearer, body: null },
];
const storedUrl = (bot: { workspaceId: string; botId: string }, resultId: string, fileName: string) =>
  new RegExp(
    `^${viewerUrl}/api/v1/files/public/${bot.workspaceId}/${bot.botId}/${resultId}/[\\w-]+/${fileName.replace(".", "\\.")}$`,
  );

describe("WhatsApp media for the file input", () => {
  it("fetches an image through the Graph API with the token, stores it, and answers with its URL like the web chat", async () => {
    const bot = await createWhatsAppBot(idFlow());
    const from = "33611110001";
    expect(await say(bot, from, textMessage("hi"))).toEqual([
      textSend(from, "Send us your ID"),
      textSend(from, "Send a file (.pdf, image/*)"),
    ]);
    const photo = Buffer.from("\xff\xd8\xff\xe0 a JPEG photo", "latin1");
    channel.graph.addMedia("1037543291543636", { bytes: photo, mimeType: "image/jpeg" });
    const calls = await say(bot, from, {
      type: "image",
      image: { id: "1037543291543636", mime_type: "image/jpeg", sha256: "abc", caption: "my card" },
    });
    expect(calls.slice(0, 2)).toEqual(mediaCalls("1037543291543636"));
    const result = await prisma.result.findFirstOrThrow({
      where: { botId: bot.botId },
      include: { answers: true },
    });
    const url = result.answers[0]?.content ?? "";
    expect(url).toMatch(storedUrl(bot, result.id, "image.jpg"));
    expect(calls.slice(2)).toEqual([textSend(from, `Got ${url}`)]);
    expect(result.variables).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "File", value: url })]),
    );
    const served = await channel.chat(new Request(url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(photo);
  });

  it("keeps a document's own name", async () => {
    const bot = await createWhatsAppBot(idFlow());
    const from = "33611110002";
    await say(bot, from, textMessage("hi"));
    channel.graph.addMedia("doc-2", { bytes: Buffer.from("%PDF-1.7 passport"), mimeType: "application/pdf" });
    const calls = await say(bot, from, {
      type: "document",
      document: { id: "doc-2", mime_type: "application/pdf", sha256: "abc", filename: "My passport.pdf" },
    });
    const answer = await prisma.answer.findFirstOrThrow({ where: { result: { botId: bot.botId } } });
    expect(answer.content).toMatch(/\/My%20passport\.pdf$/);
    expect(calls).toEqual([...mediaCalls("doc-2"), textSend(from, `Got ${answer.content}`)]);
  });

  it("takes a voice note for an input allowing audio, served as audio/ogg", async () => {
    const bot = await createWhatsAppBot(
      idFlow({ allowedFileTypes: { isEnabled: true, types: ["audio/*"] } }),
    );
    const from = "33611110005";
    await say(bot, from, textMessage("hi"));
    channel.graph.addMedia("voice-5", {
      bytes: Buffer.from("OggS voice"),
      mimeType: "audio/ogg; codecs=opus",
    });
    await say(bot, from, {
      type: "audio",
      audio: { id: "voice-5", mime_type: "audio/ogg; codecs=opus", voice: true },
    });
    const answer = await prisma.answer.findFirstOrThrow({ where: { result: { botId: bot.botId } } });
    expect(answer.content).toMatch(/\/audio\.ogg$/);
    const served = await channel.chat(new Request(answer.content));
    expect(served.headers.get("content-type")).toBe("audio/ogg");
    expect(served.headers.get("content-disposition")).toMatch(/^inline/);
  });

  it("refuses a type the input does not allow without fetching it, and a file over the size limit, with the bot's messages", async () => {
    const bot = await createWhatsAppBot(idFlow());
    const from = "33611110003";
    await say(bot, from, textMessage("hi"));
    expect(
      await say(bot, from, { type: "audio", audio: { id: "voice-3", mime_type: "audio/ogg; codecs=opus" } }),
    ).toEqual([textSend(from, "Invalid message. Please, try again.")]);

    channel.graph.addMedia("big-3", { bytes: Buffer.alloc(1024 * 1024 + 1), mimeType: "image/png" });
    expect(await say(bot, from, { type: "image", image: { id: "big-3", mime_type: "image/png" } })).toEqual([
      ...mediaCalls("big-3"),
      textSend(from, "image.png is larger than 1 MB."),
    ]);

    // Media the Graph API does not know: the bot's upload error; the input still waits.
    expect(await say(bot, from, { type: "image", image: { id: "gone-3", mime_type: "image/png" } })).toEqual([
      { method: "GET", path: "/v21.0/gone-3", authorization: bearer, body: null },
      textSend(from, "The upload failed. Please try again."),
    ]);
    expect(await prisma.answer.count({ where: { result: { botId: bot.botId } } })).toBe(0);
    channel.graph.addMedia("ok-3", { bytes: Buffer.from("\x89PNG"), mimeType: "image/png" });
    const accepted = await say(bot, from, { type: "image", image: { id: "ok-3", mime_type: "image/png" } });
    expect(accepted.at(-1)).toMatchObject({
      body: { text: { body: expect.stringMatching(/^Got http.+\/image\.png$/) } },
    });
  });

  it("takes a media message's caption as the text when no file is awaited, and refuses one without a caption", async () => {
    const bot = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    const from = "33611110004";
    await say(bot, from, textMessage("hi"));
    expect(
      await say(bot, from, { type: "image", image: { id: "selfie-4", mime_type: "image/jpeg" } }),
    ).toEqual([textSend(from, "Invalid message. Please, try again.")]);
    expect(
      await say(bot, from, {
        type: "image",
        image: { id: "selfie-4", mime_type: "image/jpeg", caption: "Ada" },
      }),
    ).toEqual([textSend(from, "Reply with an email address")]);
    const answers = await prisma.answer.findMany({ where: { result: { botId: bot.botId } } });
    expect(answers.map((answer) => answer.content)).toEqual(["Ada"]);
  });
});
