import { perMinuteRule } from "@parley/chat/core/limits/chatRateLimits";
import { readConfig } from "@parley/config";
import { createId } from "@parley/db";
import { AI_AGENT_STEP_LOG, createVariableScope, type FlowSnapshot, parseVariables } from "@parley/engine";
import type { AiAgentRunStep } from "@parley/integrations/ai/agent/agentRunSteps";
import { runAiAgentTurn } from "@parley/integrations/ai/agent/runAiAgentTurn";
import { AppError, formatWait, RateLimitError } from "@parley/platform/errors";
import { getRateLimitStore, type RateLimitStore } from "@parley/platform/limits/rateLimits";
import { aiAgentBlockSchema, type VariableValue } from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { knowledgeQueryResultSchema } from "@parley/schemas/management/knowledge";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";

const limits = readConfig(["CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE"]);

/** Test runs per user and bot: the rate of a preview chat's messages (CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE). */
export const agentTestRunRule = perMinuteRule(
  "builder.agent-test-run",
  limits.CHAT_RATE_LIMIT_TURNS_PER_SESSION_PER_MINUTE,
);

const variableValueSchema = z.union([
  textSchema.max(100_000),
  z.array(textSchema.max(100_000).nullable()).max(1_000),
  z.null(),
]);

const sourceSchema = z.object({ id: textSchema, name: textSchema, url: textSchema.optional() });
const stepSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("modelText"), step: z.number(), text: textSchema }),
  z.object({
    type: z.literal("toolCall"),
    step: z.number(),
    name: textSchema,
    arguments: z.record(textSchema, z.unknown()),
    result: textSchema,
  }),
  z.object({
    type: z.literal("retrieval"),
    step: z.number(),
    query: textSchema,
    passages: z.array(knowledgeQueryResultSchema),
  }),
  z.object({
    type: z.literal("answer"),
    text: textSchema,
    sources: z.array(sourceSchema),
    isFallback: z.boolean(),
  }),
]) satisfies z.ZodType<AiAgentRunStep>;

/** The store test runs are counted in (the install's, unless a caller gives its own). */
interface AgentTestRunServices {
  rateLimits?: RateLimitStore;
}

/**
 * The AI agent panel's test run: one visitor message through the same agent loop as a chat (its real
 * provider, knowledge bases and tools; HTTP tools really called), with the block as edited and sample
 * variable values, answering every step in order. Nothing is stored. Credentials and knowledge bases are
 * the bot's workspace's: another's read as missing (NOT_FOUND).
 */
export const testAiAgent = botProcedure("write")
  .input(
    z.object({
      block: aiAgentBlockSchema,
      message: textSchema.trim().min(1, "Type a sample visitor message").max(4_000),
      variables: z
        .array(z.object({ id: idSchema, name: textSchema.max(200), value: variableValueSchema }))
        .max(500)
        .default([]),
    }),
  )
  .output(
    z.object({
      steps: z.array(stepSchema),
      variables: z.array(z.object({ id: textSchema, value: variableValueSchema })),
      logs: z.array(
        z.object({
          status: z.enum(["success", "error", "info"]),
          description: textSchema,
          details: textSchema.optional(),
        }),
      ),
    }),
  )
  .mutation(({ ctx, input }) => runAgentTest(ctx, input, {}));

type TestRunInput = {
  botId: string;
  block: z.infer<typeof aiAgentBlockSchema>;
  message: string;
  variables: { id: string; name: string; value: VariableValue }[];
};

async function runAgentTest(
  ctx: { prisma: import("@parley/db").Database; user: { id: string }; access: { workspaceId: string } },
  input: TestRunInput,
  services: AgentTestRunServices,
) {
  const workspaceId = ctx.access.workspaceId;
  const options = input.block.options ?? {};
  if (options.credentialsId) {
    const found = await ctx.prisma.credentials.findFirst({
      where: { id: options.credentialsId, workspaceId },
      select: { id: true },
    });
    if (!found)
      throw new AppError("NOT_FOUND", [
        {
          message: "No credentials of this bot's workspace have this id",
          path: ["block", "options", "credentialsId"],
          code: "CREDENTIALS_NOT_FOUND",
        },
      ]);
  }
  const knowledgeBaseIds = [...new Set(options.knowledgeBaseIds ?? [])];
  if (knowledgeBaseIds.length > 0) {
    const found = await ctx.prisma.knowledgeBase.findMany({
      where: { id: { in: knowledgeBaseIds }, workspaceId },
      select: { id: true },
    });
    const missing = knowledgeBaseIds.filter((id) => !found.some((base) => base.id === id));
    if (missing.length > 0)
      throw new AppError("NOT_FOUND", [
        {
          message: `No knowledge base of this bot's workspace has the id ${missing[0]}`,
          path: ["block", "options", "knowledgeBaseIds", knowledgeBaseIds.indexOf(missing[0] as string)],
          code: "KNOWLEDGE_BASE_NOT_FOUND",
        },
      ]);
  }
  const store = services.rateLimits ?? getRateLimitStore();
  const outcome = await store.consume({ ...agentTestRunRule, key: `${ctx.user.id}:${input.botId}` });
  if (!outcome.allowed)
    throw new RateLimitError(
      `Too many test runs of this bot. Try again in ${formatWait(outcome.retryAfterSeconds)}.`,
      outcome.retryAfterSeconds,
    );
  const values: Record<string, VariableValue> = Object.fromEntries(
    input.variables.map((variable) => [variable.id, variable.value]),
  );
  const flow: FlowSnapshot = {
    id: `test-${createId()}`,
    botId: input.botId,
    workspaceId,
    version: "6.1",
    publishedAt: null,
    events: [],
    groups: [],
    edges: [],
    variables: input.variables.map(({ id, name }) => ({ id, name })),
    theme: {},
    settings: {},
  };
  const scope = createVariableScope(flow, values);
  const steps: AiAgentRunStep[] = [];
  const result = await runAiAgentTurn(
    {
      block: input.block,
      workspaceId,
      botId: input.botId,
      resultId: `test-${createId()}`,
      isPreview: true,
      variables: input.variables,
      parseVariables: (text) => parseVariables(text, scope),
      dialogue: [],
      message: input.message,
      // The test run has no visitor: the instructions as the author wrote them.
      language: null,
    },
    { getPrisma: () => ctx.prisma },
    undefined,
    (step) => steps.push(step),
  );
  return {
    steps,
    variables: result.variableUpdates.map(({ variableId, value }) => ({ id: variableId, value })),
    // The steps are answered as such, not as the preview's step logs.
    logs: result.logs
      .filter((log) => log.description !== AI_AGENT_STEP_LOG)
      .map(({ status, description, details }) => ({
        status,
        description,
        ...(details ? { details } : {}),
      })),
  };
}
