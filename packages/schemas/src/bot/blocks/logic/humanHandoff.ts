import { z } from "zod";
import { timeZoneSchema } from "../../../management/common";
import { textSchema } from "../../../text";
import { blockBaseSchema, itemBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

export { type BusinessHours, isWithinBusinessHours, type OpeningRange } from "./businessHours";

/** The longest wait for an agent an author may set before the fallback path is taken: a week. */
export const maxHandoffPickUpMinutes = 10_080;

const clockTimeSchema = textSchema.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "A time as HH:MM");

export const openingRangeSchema = z
  .object({
    /** 0 = Sunday … 6 = Saturday. */
    day: z.number().int().min(0).max(6),
    start: clockTimeSchema,
    end: clockTimeSchema,
  })
  .refine((range) => range.end > range.start, { message: "Ends before it starts", path: ["end"] });

export const businessHoursSchema = z.object({
  isEnabled: z.boolean().optional(),
  timeZone: timeZoneSchema.optional(),
  ranges: z.array(openingRangeSchema).max(70).optional(),
  holidays: z
    .array(textSchema.regex(/^\d{4}-\d{2}-\d{2}$/, "A date as YYYY-MM-DD"))
    .max(366)
    .optional(),
});

export const humanHandoffOptionsSchema = z
  .object({
    /** The inbox queue (team) the conversation waits in; the workspace's general queue when unset. */
    team: textSchema.trim().max(100),
    /** What the visitor is told while waiting (variables allowed). */
    waitingMessage: textSchema.max(4_096),
    /** Adds "You are number N in the queue." after the waiting message. */
    isQueuePositionShown: z.boolean(),
    /**
     * Adds "Expected wait: about N minutes." when the inbox's recent history gives an estimate
     * (docs/inbox.md, "Expected wait"); nothing when it does not.
     */
    isExpectedWaitShown: z.boolean(),
    /** Receives the visitor's place in the queue (as text, "3"), before the waiting message is written. */
    queuePositionVariableId: textSchema,
    /** Receives the expected wait in whole minutes (as text, "4"; emptied when unknown), before the waiting message. */
    expectedWaitVariableId: textSchema,
    /** Outside them, the fallback path is taken at once. */
    businessHours: businessHoursSchema,
    /** Takes the fallback path at once when no member of the workspace is marked available. */
    isFallbackWhenNobodyAvailable: z.boolean(),
    /** Takes the fallback path when no agent has taken the conversation after this many minutes. */
    pickUpTimeoutMinutes: z.number().int().min(1).max(maxHandoffPickUpMinutes),
    /**
     * E-mails the workspace's available agents (through the install's SMTP account) once when the
     * conversation still waits, nobody assigned, after this many minutes.
     */
    waitingEmailMinutes: z.number().int().min(1).max(maxHandoffPickUpMinutes),
    /** Receives the agent's resolution when the conversation is closed with the flow resumed. */
    resolutionVariableId: textSchema,
  })
  .partial();
export type HumanHandoffOptions = z.infer<typeof humanHandoffOptionsSchema>;

/** The one item of the block: its fallback path (outside hours, nobody available, nobody picks up). */
export const humanHandoffItemSchema = itemBaseSchema.extend({ path: z.literal("fallback") });

/**
 * `Human handoff` ("Talk to a human"): the bot stops and the conversation waits in the workspace's inbox
 * until an agent closes it; the flow then goes on along the block's exit (or ends). This product's own
 * kind (Typebot has none), so its wire type is ours.
 */
export const humanHandoffBlockSchema = blockBaseSchema.extend({
  type: z.literal("Human handoff"),
  items: z.tuple([humanHandoffItemSchema]),
  options: humanHandoffOptionsSchema.optional(),
});
export type HumanHandoffBlock = z.infer<typeof humanHandoffBlockSchema>;

export const defaultHumanHandoffOptions = {
  waitingMessage: "Thanks! A member of our team will be with you shortly.",
  isQueuePositionShown: true,
  isExpectedWaitShown: true,
  isFallbackWhenNobodyAvailable: false,
} as const satisfies HumanHandoffOptions;

export const humanHandoffBlock = defineBlock({
  type: "Human handoff",
  schema: humanHandoffBlockSchema,
  category: "logic",
  defaults: defaultHumanHandoffOptions,
  catalogue: {
    label: "Talk to a human",
    icon: "Headset",
    keywords: "handoff human agent inbox live chat takeover support",
  },
  initialFields: (createId): Pick<HumanHandoffBlock, "items"> => ({
    items: [{ id: createId(), path: "fallback" }],
  }),
  getSummary: (block, context) => {
    const team = block.options?.team;
    return team ? context.t("handOverToTeam", { team }) : context.t("handOverToHuman");
  },
  canvas: {
    hasItemRows: true,
    getItemSummary: (_block, _item, context) => context.t("handoffFallback"),
  },
  settings: {
    fieldLabels: {
      team: "Team (queue)",
      waitingMessage: "Waiting message",
      isQueuePositionShown: "Tell the queue position",
      isExpectedWaitShown: "Tell the expected wait (when known)",
      queuePositionVariableId: "Save the queue position in",
      expectedWaitVariableId: "Save the expected wait (minutes) in",
      businessHours: "Business hours",
      isFallbackWhenNobodyAvailable: "Fallback when no agent is available",
      pickUpTimeoutMinutes: "Fallback when nobody answers within (minutes)",
      waitingEmailMinutes: "E-mail available agents when it waits longer than (minutes)",
      resolutionVariableId: "Save the resolution in",
    },
  },
});
