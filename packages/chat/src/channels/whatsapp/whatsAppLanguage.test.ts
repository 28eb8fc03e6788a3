import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { readResponse } from "../../testing/chatFixtures";
import { createChannelTestContext } from "../../testing/createChannelTestContext";
import { group, startEdge, startEvent, text } from "../../testing/testFlows";
import {
  createWhatsAppBot,
  messagingOn,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "../../testing/whatsAppFixtures";
import { detectMessageLanguage } from "./detectMessageLanguage";

const prisma = getPrisma();
const channel = createChannelTestContext({ apis: { whatsApp: true } });

async function say(target: { workspaceId: string; credentialsId: string }, from: string, message: unknown) {
  channel.graph.takeCalls();
  const payload = whatsAppNotification(from, message as Record<string, unknown>);
  const response = await readResponse(await channel.chat(whatsAppWebhookRequest(target, payload)));
  await channel.runtime.channels.work.idle();
  expect(response).toMatchObject({ status: 200, body: { message: "success" } });
  return channel.graph.takeCalls();
}

const paragraph = (value: string) => [{ type: "p", children: [{ text: value }] }];

/** Greets in English, Spanish or French (a WhatsApp conversation's language comes from its first message). */
const trilingualFlow = {
  events: [startEvent],
  groups: [group("g-1", [text("b-hello", "Hello, how can we help?")])],
  edges: [startEdge("g-1")],
  variables: [],
  settings: {
    ...messagingOn(),
    languages: {
      defaultLanguage: "en",
      languages: ["es", "fr"],
      translations: {
        es: {
          "block:b-hello:content.richText": {
            value: paragraph("Hola, ¿en qué podemos ayudar?"),
            status: "reviewed",
          },
        },
        fr: {
          "block:b-hello:content.richText": {
            value: paragraph("Bonjour, comment pouvons-nous aider ?"),
            status: "reviewed",
          },
        },
      },
    },
  },
};

describe("WhatsApp: the first message's language chooses the conversation's", () => {
  it("a Spanish first message gets the Spanish texts and a Spanish result; a short one the default", async () => {
    const bot = await createWhatsAppBot(trilingualFlow);
    expect(
      await say(bot, "34600000001", textMessage("Hola, quisiera reservar una mesa para esta noche")),
    ).toEqual([textSend("34600000001", "Hola, ¿en qué podemos ayudar?")]);
    expect(await say(bot, "34600000002", textMessage("hola"))).toEqual([
      textSend("34600000002", "Hello, how can we help?"),
    ]);
    const results = await prisma.result.findMany({
      where: { botId: bot.botId },
      orderBy: { createdAt: "asc" },
    });
    expect(results.map((result) => result.language)).toEqual(["es", "en"]);
  });
});

describe("detectMessageLanguage", () => {
  it("finds the bot's language of a sentence, only among the bot's languages", () => {
    expect(
      detectMessageLanguage("Bonjour, je voudrais réserver une table pour ce soir", ["en", "fr", "ar"]),
    ).toBe("fr");
    expect(detectMessageLanguage("مرحبا، أريد حجز طاولة الليلة من فضلك", ["en", "fr", "ar"])).toBe("ar");
    expect(detectMessageLanguage("Hello, I would like to book a table tonight", ["en-GB", "fr"])).toBe(
      "en-GB",
    );
  });

  it("gives nothing for a short text, one language, or languages franc-min does not know", () => {
    expect(detectMessageLanguage("merci", ["en", "fr"])).toBeNull();
    expect(detectMessageLanguage("Bonjour, je voudrais réserver une table", ["fr"])).toBeNull();
    expect(detectMessageLanguage("שלום, אני רוצה להזמין שולחן להערב", ["he", "yi"])).toBeNull();
  });
});
