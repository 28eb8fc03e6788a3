import { z } from "zod";
import { audioBubbleBlockSchema, audioBubbleContentSchema } from "../bot/blocks/bubbles/audio";
import { embedBubbleBlockSchema, embedBubbleContentSchema } from "../bot/blocks/bubbles/embed";
import { imageBubbleBlockSchema, imageBubbleContentSchema } from "../bot/blocks/bubbles/image";
import { textBubbleBlockSchema } from "../bot/blocks/bubbles/text";
import { videoBubbleBlockSchema, videoBubbleContentSchema } from "../bot/blocks/bubbles/video";
import { richTextSchema } from "../bot/richText";
import { textSchema } from "../text";

/** A text bubble in the format the request asked for, variables substituted. */
export const textBubbleMessageContentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("richText"), richText: richTextSchema }),
  z.object({ type: z.literal("markdown"), markdown: textSchema }),
]);

/** A document an answer was grounded in: a source of a knowledge base (`url` when it has one). */
export const messageSourceSchema = z
  .object({
    id: textSchema,
    name: textSchema,
    url: textSchema.optional(),
  })
  .meta({ id: "MessageSource" });
export type MessageSource = z.infer<typeof messageSourceSchema>;

/** A function the client runs: `content` is a function body, `args` its named arguments. */
export const clientFunctionSchema = z.object({
  args: z.record(textSchema, z.unknown()),
  content: textSchema,
});

/** Bubble produced by a plug-in at runtime (never stored in a flow), e.g. a booking widget. */
export const customEmbedBubbleContentSchema = z.object({
  url: textSchema.nullable().default(null),
  initFunction: clientFunctionSchema,
  /** Resolves with the data to send back as the next message. */
  waitForEventFunction: clientFunctionSchema.nullable().default(null),
});

/**
 * One bot message of a chat response (`messages[]`); `id` is the block id, `type` its kind's (the
 * schema's field: the definitions' text rendering is typed by this union).
 */
export const chatBubbleSchema = z
  .discriminatedUnion("type", [
    z
      .object({
        id: textSchema,
        type: textBubbleBlockSchema.shape.type,
        content: textBubbleMessageContentSchema,
        sources: z
          .array(messageSourceSchema)
          .optional()
          .describe(
            "Beyond the contract: the knowledge sources an AI agent's answer is grounded in, numbered in this order; absent when there are none",
          ),
      })
      .meta({ id: "TextMessage" }),
    z
      .object({ id: textSchema, type: imageBubbleBlockSchema.shape.type, content: imageBubbleContentSchema })
      .meta({ id: "ImageMessage" }),
    z
      .object({ id: textSchema, type: videoBubbleBlockSchema.shape.type, content: videoBubbleContentSchema })
      .meta({ id: "VideoMessage" }),
    z
      .object({ id: textSchema, type: audioBubbleBlockSchema.shape.type, content: audioBubbleContentSchema })
      .meta({ id: "AudioMessage" }),
    z
      .object({ id: textSchema, type: embedBubbleBlockSchema.shape.type, content: embedBubbleContentSchema })
      .meta({ id: "EmbedMessage" }),
    z
      .object({ id: textSchema, type: z.literal("custom-embed"), content: customEmbedBubbleContentSchema })
      .meta({ id: "CustomEmbedMessage" }),
  ])
  .meta({ id: "ChatMessage", description: "A message of the bot: a bubble to show." });
export type ChatBubble = z.infer<typeof chatBubbleSchema>;
