import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPrisma } from "@parley/db";
import { createLocalStorage } from "@parley/integrations/files/createUploadStorage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestChat, readResponse } from "../../testing/chatFixtures";
import { startLocalTelegramBotApi } from "../../testing/startLocalTelegramBotApi";
import {
  createTelegramBot,
  expectedCall,
  telegramAccount,
  telegramFileUpdate,
  telegramTextUpdate,
  telegramWebhookRequest,
} from "../../testing/telegramFixtures";
import { createFileFlow, text } from "../../testing/testFlows";
import { messagingOn } from "../../testing/whatsAppFixtures";

const prisma = getPrisma();
let directory = "";
let botApi: Awaited<ReturnType<typeof startLocalTelegramBotApi>>;
let chat: ReturnType<typeof createTestChat>["chat"];
let runtime: ReturnType<typeof createTestChat>["runtime"];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "parley-telegram-media-"));
  botApi = await startLocalTelegramBotApi();
  ({ chat, runtime } = createTestChat({
    channels: { telegramApiUrl: botApi.url, sendRetryDelaysMs: [5] },
    uploads: {
      storage: createLocalStorage(directory),
      maxBytes: 1024 * 1024,
      viewerUrl: "http://localhost:3001",
    },
  }));
});
afterAll(async () => {
  await botApi.close();
  await rm(directory, { recursive: true, force: true });
});

async function send(target: { workspaceId: string; credentialsId: string }, update: unknown) {
  botApi.takeCalls();
  const response = await readResponse(await chat(telegramWebhookRequest(target, update)));
  expect(response).toMatchObject({ status: 200, body: { message: "success" } });
  await runtime.channels.work.idle();
  return botApi.takeCalls();
}

const message = (chatId: number, body: string) =>
  expectedCall("sendMessage", { chat_id: String(chatId), text: body });
const token = telegramAccount.botToken;

async function createIdBot() {
  const flow = createFileFlow();
  (flow.groups as { blocks: unknown[] }[])[0]?.blocks.unshift(text("b-ask", "Send us your ID"));
  return createTelegramBot({ ...flow, settings: messagingOn() });
}

describe("Telegram files for the file input", () => {
  it("fetches the largest size of a photo with getFile, stores it, and answers with its URL", async () => {
    const bot = await createIdBot();
    expect(await send(bot, telegramTextUpdate(5101, "hi"))).toEqual([
      message(5101, "Send us your ID"),
      message(5101, "Send a file (.pdf, image/*)"),
    ]);
    const photo = Buffer.from("\xff\xd8\xff\xe0 the large one", "latin1");
    botApi.addFile("AgACAgQ-large", { bytes: photo, filePath: "photos/file_7.jpg" });
    const calls = await send(
      bot,
      telegramFileUpdate(5101, {
        photo: [
          { file_id: "AgACAgQ-small", file_unique_id: "s", width: 90, height: 60, file_size: 1200 },
          {
            file_id: "AgACAgQ-large",
            file_unique_id: "l",
            width: 1280,
            height: 853,
            file_size: photo.byteLength,
          },
        ],
        caption: "front side",
      }),
    );
    const answer = await prisma.answer.findFirstOrThrow({ where: { result: { botId: bot.botId } } });
    expect(answer.content).toMatch(
      new RegExp(
        `^http://localhost:3001/api/v1/files/public/${bot.workspaceId}/${bot.botId}/[\\w-]+/[\\w-]+/photo\\.jpg$`,
      ),
    );
    expect(calls).toEqual([
      { path: `/bot${token}/getFile?file_id=AgACAgQ-large`, body: null },
      { path: `/file/bot${token}/photos/file_7.jpg`, body: null },
      message(5101, `Got ${answer.content}`),
    ]);
    const served = await chat(new Request(answer.content));
    expect(Buffer.from(await served.arrayBuffer())).toEqual(photo);
  });

  it("takes a document under its own name, and refuses a voice note the input does not allow or a file over the limit", async () => {
    const bot = await createIdBot();
    await send(bot, telegramTextUpdate(5102, "hi"));
    expect(
      await send(
        bot,
        telegramFileUpdate(5102, { voice: { file_id: "voice-1", duration: 3, mime_type: "audio/ogg" } }),
      ),
    ).toEqual([message(5102, "Invalid message. Please, try again.")]);
    // The size Telegram announces is checked before anything is fetched.
    expect(
      await send(
        bot,
        telegramFileUpdate(5102, {
          document: {
            file_id: "big-1",
            file_name: "scan.pdf",
            mime_type: "application/pdf",
            file_size: 5_000_000,
          },
        }),
      ),
    ).toEqual([message(5102, "scan.pdf is larger than 1 MB.")]);

    botApi.addFile("doc-1", { bytes: Buffer.from("%PDF-1.7 id"), filePath: "documents/file_9.pdf" });
    const calls = await send(
      bot,
      telegramFileUpdate(5102, {
        document: { file_id: "doc-1", file_name: "id card.pdf", mime_type: "application/pdf", file_size: 11 },
      }),
    );
    const answer = await prisma.answer.findFirstOrThrow({ where: { result: { botId: bot.botId } } });
    expect(answer.content).toMatch(/\/id%20card\.pdf$/);
    expect(calls).toEqual([
      { path: `/bot${token}/getFile?file_id=doc-1`, body: null },
      { path: `/file/bot${token}/documents/file_9.pdf`, body: null },
      message(5102, `Got ${answer.content}`),
    ]);
  });
});
