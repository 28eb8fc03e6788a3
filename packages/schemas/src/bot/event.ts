import { z } from "zod";
import { textSchema } from "../text";
import { graphCoordinatesSchema } from "./graphCoordinates";

export const eventTypes = ["start", "command", "reply", "invalidReply"] as const;
export type EventType = (typeof eventTypes)[number];

const eventBaseSchema = z.object({
  id: textSchema.min(1),
  graphCoordinates: graphCoordinatesSchema,
  outgoingEdgeId: textSchema.min(1).optional(),
});

/** Entry point of the flow; `events[0]`. */
export const startEventSchema = eventBaseSchema
  .extend({ type: z.literal("start") })
  .meta({ id: "StartEvent" });
export type StartEvent = z.infer<typeof startEventSchema>;

/** Runs when the client sends `{type: "command", command}`. */
export const commandEventSchema = eventBaseSchema
  .extend({
    type: z.literal("command"),
    options: z
      .object({
        command: textSchema,
        /** Come back to the interrupted block when the command's path ends. */
        resumeAfter: z.boolean(),
      })
      .partial()
      .optional(),
  })
  .meta({ id: "CommandEvent" });
export type CommandEvent = z.infer<typeof commandEventSchema>;

const replyEventOptionsSchema = z
  .object({
    contentVariableId: textSchema,
    /** Receives the group title of the input that was answered. */
    inputNameVariableId: textSchema,
    /** Receives the reply input type name (`text`, `email`, `buttons`, …). */
    inputTypeVariableId: textSchema,
  })
  .partial();

/** Runs on every valid reply before the flow continues. */
export const replyEventSchema = eventBaseSchema
  .extend({
    type: z.literal("reply"),
    options: replyEventOptionsSchema.optional(),
  })
  .meta({ id: "ReplyEvent" });
export type ReplyEvent = z.infer<typeof replyEventSchema>;

/** Replaces the retry message when a reply fails validation. */
export const invalidReplyEventSchema = eventBaseSchema
  .extend({
    type: z.literal("invalidReply"),
    options: replyEventOptionsSchema.optional(),
  })
  .meta({ id: "InvalidReplyEvent" });
export type InvalidReplyEvent = z.infer<typeof invalidReplyEventSchema>;

export const eventSchema = z
  .discriminatedUnion("type", [
    startEventSchema,
    commandEventSchema,
    replyEventSchema,
    invalidReplyEventSchema,
  ])
  .meta({ id: "Event" });
export type BotEvent = z.infer<typeof eventSchema>;
