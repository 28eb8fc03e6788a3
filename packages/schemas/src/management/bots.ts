import { z } from "zod";
import { botChangeKinds, botChangeTypes } from "../bot/diffBotDocuments";
import { flowCheckRules } from "../bot/flow-check/flowCheckRules";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";

/** One bot in a listing (GET /bots). */
export const botSummarySchema = z
  .object({
    id: idSchema,
    name: textSchema,
    icon: textSchema.nullable(),
    publicId: textSchema.nullable(),
    isPublished: z.boolean(),
    folderId: idSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "BotSummary" });

export const publishWarningSchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("trademarkInfringement"),
      trademark: textSchema.meta({ example: "PayPal" }),
    }),
    z.object({
      type: z.literal("flowCheck"),
      rule: z.enum(flowCheckRules),
      message: textSchema,
      groupId: textSchema,
      blockId: textSchema.nullable().describe("null when the whole group is concerned"),
    }),
  ])
  .meta({ id: "PublishWarning" });
export type PublishWarning = z.infer<typeof publishWarningSchema>;

/** One published version in the history of a bot. */
export const botVersionSummarySchema = z
  .object({
    id: idSchema,
    version: z.number().int().describe("1 for the first publish, then 2, 3, …"),
    name: textSchema.describe("The bot's name when it was published"),
    createdAt: timestampSchema.describe("When it was published"),
    author: z
      .object({ id: idSchema, name: textSchema.nullable(), email: textSchema })
      .nullable()
      .describe("Who published it; null when that account was deleted"),
    isCurrent: z.boolean().describe("Whether it is the version chats start on now"),
  })
  .meta({ id: "BotVersionSummary" });

export const chatKeySchema = z
  .object({
    key: textSchema.describe(
      "`ck_…`: public by design (embed code, share page); authorizes the chat endpoints",
    ),
    createdAt: timestampSchema,
  })
  .meta({ id: "ChatKey" });

/** Query value of a version number in a path (`/versions/{version}`). */
export const versionNumberSchema = textSchema
  .regex(/^[1-9]\d{0,8}$/, "A version number: 1, 2, 3, …")
  .transform(Number);

/** A version of the history by number, or `draft` (the flow being edited). */
export const versionRefSchema = textSchema
  .regex(/^(draft|[1-9]\d{0,8})$/, "A version number or draft")
  .meta({ id: "VersionRef" });

/** One difference between two versions of a flow (diffBotDocuments). */
export const botChangeSchema = z
  .object({
    kind: z.enum(botChangeKinds),
    change: z.enum(botChangeTypes),
    id: textSchema.nullable(),
    groupId: textSchema.nullable(),
    label: textSchema,
    fields: z.array(textSchema),
  })
  .meta({ id: "BotChange" });
