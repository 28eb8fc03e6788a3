import type { Database } from "@parley/db";
import { createId } from "@parley/db";
import { type EnginePorts, type FlowSnapshot, startChat } from "@parley/engine";
import { createAiPort } from "@parley/integrations/ai/createAiPort";
import { createEmailSender } from "@parley/integrations/email/createEmailSender";
import type { ChatLogInput, VariableValue } from "@parley/schemas";

export interface BlockTestRun {
  /** Values the block wrote, by variable id. */
  variables: { id: string; value: VariableValue }[];
  logs: (Pick<ChatLogInput, "status" | "description"> & { details?: string; context?: string })[];
}

const unavailable = "not available while testing one block";

/**
 * Runs one AI or e-mail block through the engine, as a live chat would (e-mails are really sent),
 * on a flow holding only that block and the given variables. Nothing is stored.
 */
export async function runBlockOnce(
  prisma: Database,
  input: {
    workspaceId: string;
    botId: string;
    /** The block as edited (loosely validated): typed as a block of the document here, where it enters the engine. */
    block: { id: string; type: string; [field: string]: unknown };
    variables: { id: string; name: string; value: VariableValue }[];
    allowList?: readonly string[];
  },
): Promise<BlockTestRun> {
  const ports: EnginePorts = {
    now: () => new Date(),
    createId,
    random: Math.random,
    fetchHttp: async () => ({ ok: false, error: { code: "NETWORK", message: unavailable } }),
    runCode: async () => ({ ok: false, error: unavailable }),
    evaluateExpression: async () => ({ ok: false, error: unavailable }),
    loadBot: async () => null,
    ai: createAiPort({ getPrisma: () => prisma, allowList: input.allowList }),
    sendEmail: createEmailSender({ getPrisma: () => prisma, allowList: input.allowList }),
    environmentName: "web",
  };
  const outcome = await startChat(
    {
      flow: {
        id: `test-${createId()}`,
        botId: input.botId,
        workspaceId: input.workspaceId,
        version: "6.1",
        publishedAt: null,
        events: [
          { id: "start", type: "start", outgoingEdgeId: "start-edge", graphCoordinates: { x: 0, y: 0 } },
        ],
        groups: [
          {
            id: "test-group",
            title: "Test",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [
              {
                ...input.block,
                outgoingEdgeId: undefined,
              } as FlowSnapshot["groups"][number]["blocks"][number],
            ],
          },
        ],
        edges: [{ id: "start-edge", from: { eventId: "start" }, to: { groupId: "test-group" } }],
        variables: input.variables,
        theme: {},
        settings: {},
      },
      isPreview: false,
      resultId: `test-${createId()}`,
      isStreamEnabled: false,
      isOnlyRegistering: false,
      textBubbleContentFormat: "richText",
    },
    ports,
  );
  const values = outcome.state.frames[0]?.variables ?? {};
  const changed = input.variables
    .filter(
      (variable) => JSON.stringify(values[variable.id] ?? null) !== JSON.stringify(variable.value ?? null),
    )
    .map((variable) => ({ id: variable.id, value: values[variable.id] ?? null }));
  return {
    variables: changed,
    logs: outcome.logsToPersist.map(({ status, description, details, context }) => ({
      status,
      description,
      ...(details ? { details } : {}),
      ...(context ? { context } : {}),
    })),
  };
}
