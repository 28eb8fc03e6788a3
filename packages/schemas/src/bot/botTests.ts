import { z } from "zod";
import { jsonValueSchema, textSchema } from "../text";
import { type InputBlockType, inputBlockTypes } from "./blocks";

/**
 * A bot's tests (docs/bot-tests.md): scripted conversations stored with the bot (exported and imported with it),
 * run against the draft by the engine's test runner, over REST, from the CLI and before every publish.
 */

const nameSchema = textSchema.trim().min(1).max(200);
const shortTextSchema = textSchema.max(10_000);

/** The visitor types a message. */
const visitorTextStepSchema = z.strictObject({ type: z.literal("text"), text: shortTextSchema });
/** The visitor clicks the button (choice, picture or card) whose label is this text. */
const visitorChoiceStepSchema = z.strictObject({ type: z.literal("choice"), label: shortTextSchema.min(1) });
/** The visitor uploads files, named only: the runner gives each an address under `uploads.test`. */
const visitorFileStepSchema = z.strictObject({
  type: z.literal("file"),
  fileNames: z.array(textSchema.min(1).max(255)).min(1).max(10),
});

/** A message the bot showed since the previous visitor step (after the previous matched message) contains this text. */
const messageContainsStepSchema = z.strictObject({
  type: z.literal("messageContains"),
  text: shortTextSchema.min(1),
});
/** …matches this regular expression (JavaScript syntax; flags `i`, `m`, `s`, `u`). */
const messageMatchesStepSchema = z.strictObject({
  type: z.literal("messageMatches"),
  pattern: textSchema.min(1).max(1000),
  flags: textSchema.regex(/^[imsu]{0,4}$/, "Flags are among i, m, s and u").optional(),
});
/** The bot now waits for an input of this kind. */
const inputAskedStepSchema = z.strictObject({
  type: z.literal("inputAsked"),
  inputType: z.enum(inputBlockTypes as [InputBlockType, ...InputBlockType[]]),
});
/** The variable (by name) holds this value now (lists compare as their items joined by ", "). */
const variableEqualsStepSchema = z.strictObject({
  type: z.literal("variableEquals"),
  variable: textSchema.min(1).max(200),
  value: shortTextSchema,
});
/** The bot went through this group (title, or id) since the previous visitor step. */
const groupReachedStepSchema = z.strictObject({ type: z.literal("groupReached"), group: nameSchema });
/** The conversation has ended. */
const conversationEndedStepSchema = z.strictObject({ type: z.literal("conversationEnded") });

export const botTestStepSchema = z
  .discriminatedUnion("type", [
    visitorTextStepSchema,
    visitorChoiceStepSchema,
    visitorFileStepSchema,
    messageContainsStepSchema,
    messageMatchesStepSchema,
    inputAskedStepSchema,
    variableEqualsStepSchema,
    groupReachedStepSchema,
    conversationEndedStepSchema,
  ])
  .superRefine((step, context) => {
    if (step.type !== "messageMatches") return;
    try {
      new RegExp(step.pattern, step.flags);
    } catch (error) {
      context.addIssue({
        code: "custom",
        path: ["pattern"],
        message: `Not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  })
  .meta({ id: "BotTestStep" });
export type BotTestStep = z.infer<typeof botTestStepSchema>;

/** The visitor's steps; the others are expectations. */
export const botTestVisitorStepTypes = ["text", "choice", "file"] as const satisfies BotTestStep["type"][];
export type BotTestVisitorStep = Extract<BotTestStep, { type: (typeof botTestVisitorStepTypes)[number] }>;
export const isVisitorStep = (step: BotTestStep): step is BotTestVisitorStep =>
  (botTestVisitorStepTypes as readonly string[]).includes(step.type);

const blockIdSchema = textSchema.min(1).max(200);

/**
 * What an outside-calling block gets instead of calling out, by block id. Each kind of stub answers the
 * blocks of one port: `http` the HTTP request, Zapier, Make.com and Pabbly blocks (server- or client-side);
 * `ai` the OpenAI, Anthropic, Mistral and OpenAI-compatible blocks; `aiAgent` the AI agent; `email` the
 * Send e-mail block; `googleSheets` the Google Sheets block; `plugin` the plug-in blocks (PostHog, Segment,
 * NocoDB, Dify, ChatNode, ElevenLabs, Gmail, Cal.com, Zendesk); `webhook` the Webhook (wait for a call) block; `payment`
 * the payment input.
 */
export const botTestStubSchema = z
  .discriminatedUnion("kind", [
    z.strictObject({
      kind: z.literal("http"),
      blockId: blockIdSchema,
      status: z.number().int().min(100).max(599).default(200),
      body: textSchema.max(100_000).default(""),
      headers: z.record(textSchema.max(200), textSchema.max(2000)).default({}),
    }),
    z.strictObject({
      kind: z.literal("ai"),
      blockId: blockIdSchema,
      /** The model's answer: what the block saves as `Message content`. */
      answer: shortTextSchema,
      /** Values the block saves by variable name (generated variables, token counts). */
      variables: z.record(textSchema.max(200), shortTextSchema).default({}),
    }),
    z.strictObject({
      kind: z.literal("aiAgent"),
      blockId: blockIdSchema,
      /** The agent's reply to each visitor message, in order; the last one repeats. */
      replies: z.array(shortTextSchema).min(1).max(100),
      /** After its last reply the agent stays with the visitor, or ends the conversation. */
      afterLastReply: z.enum(["stay", "end"]).default("stay"),
    }),
    z.strictObject({
      kind: z.literal("email"),
      blockId: blockIdSchema,
      outcome: z.enum(["sent", "failed"]).default("sent"),
    }),
    z.strictObject({
      kind: z.literal("googleSheets"),
      blockId: blockIdSchema,
      /** The sheet as the block reads it (writes answer success). */
      header: z.array(textSchema.max(500)).max(200).default([]),
      rows: z
        .array(z.array(textSchema.max(10_000)).max(200))
        .max(1000)
        .default([]),
    }),
    z.strictObject({
      kind: z.literal("plugin"),
      blockId: blockIdSchema,
      /** The service answered (the block saves `variables`) or failed (an error log, nothing saved). */
      outcome: z.enum(["succeeded", "failed"]).default("succeeded"),
      /** Values the block saves by variable name (a Dify answer, NocoDB fields: a list when several records). */
      variables: z
        .record(textSchema.max(200), z.union([shortTextSchema, z.array(shortTextSchema).max(1000)]))
        .default({}),
    }),
    z.strictObject({
      kind: z.literal("webhook"),
      blockId: blockIdSchema,
      /** The JSON body the outside system posts to the waiting block. */
      body: jsonValueSchema,
    }),
    z.strictObject({
      kind: z.literal("payment"),
      blockId: blockIdSchema,
      outcome: z.enum(["paid", "failed"]).default("paid"),
    }),
  ])
  .meta({ id: "BotTestStub" });
export type BotTestStub = z.infer<typeof botTestStubSchema>;
export type BotTestStubKind = BotTestStub["kind"];

export const botTestSchema = z
  .strictObject({
    id: textSchema.min(1).max(100),
    name: nameSchema,
    steps: z.array(botTestStepSchema).max(500),
    stubs: z.array(botTestStubSchema).max(200).default([]),
  })
  .meta({ id: "BotTest" });
export type BotTest = z.infer<typeof botTestSchema>;
export type BotTestInput = z.input<typeof botTestSchema>;

export const maxBotTests = 200;

export const botTestsSchema = z
  .array(botTestSchema)
  .max(maxBotTests)
  .superRefine((tests, context) => {
    const seen = new Set<string>();
    tests.forEach((test, index) => {
      if (seen.has(test.id))
        context.addIssue({ code: "custom", path: [index, "id"], message: "Another test has this id" });
      seen.add(test.id);
    });
  });

/** Stored tests as the bot's record gives them: a row of an earlier release, or unreadable JSON, reads as none. */
export function readBotTests(stored: unknown): BotTest[] {
  const parsed = botTestsSchema.safeParse(stored ?? []);
  return parsed.success ? parsed.data : [];
}

/** What one test's run gives: passed, or the first difference between what it expects and what the bot did. */
export const botTestResultSchema = z
  .object({
    testId: textSchema,
    name: textSchema,
    status: z.enum(["passed", "failed"]),
    /** Null when passed. */
    failure: z
      .object({
        /** The step (0-based) at which the run differs; an outside call without stub shows at the visitor step whose answer made it (0 for the bot's opening). */
        stepIndex: z.number().int(),
        /** `EXPECTATION_NOT_MET`, `VISITOR_STEP_IMPOSSIBLE`, `MISSING_STUB`, `ENGINE_ERROR`. */
        code: textSchema,
        expected: textSchema,
        actual: textSchema,
        /** The block concerned (an outside call without stub), else null. */
        blockId: textSchema.nullable(),
      })
      .nullable(),
    /** Engine time of the run, in milliseconds. */
    durationMs: z.number(),
  })
  .meta({ id: "BotTestResult" });
export type BotTestResult = z.infer<typeof botTestResultSchema>;
