import { TRPCClientError } from "@trpc/client";
import type { useTRPCClient } from "@/lib/trpc";
import type { EditorDocument } from "../store/editorDocument";
import type { SaveOutcome, SaveRequest } from "./createAutosaver";

/**
 * The two bot procedures the editor calls (bots.getBot, bots.updateBot: GET and PATCH
 * /bots/{botId}). Typed here until the management API router that serves them is on main.
 */
interface BotProcedures {
  bots: {
    getBot: { query: (input: { botId: string }) => Promise<{ bot: BotRecord }> };
    updateBot: {
      mutate: (input: {
        botId: string;
        bot: Record<string, unknown>;
        overwrite?: boolean;
      }) => Promise<{ bot: BotRecord }>;
    };
  };
}
type BotRecord = EditorDocument & { updatedAt: string };
type ApiClient = ReturnType<typeof useTRPCClient>;
const botProcedures = (client: ApiClient) => client as unknown as BotProcedures;

interface ErrorBodyData {
  httpStatus?: number;
  body?: { code?: string; issues?: { message: string; code?: string; path?: (string | number)[] }[] };
}

/** Sends a save (PATCH /bots/{botId} through tRPC) and classifies the answer for the autosaver. */
export async function saveBotDocument(
  client: ApiClient,
  botId: string,
  request: SaveRequest,
): Promise<SaveOutcome> {
  try {
    const { bot } = await botProcedures(client).bots.updateBot.mutate({
      botId,
      bot: { ...(request.changes as object), updatedAt: request.updatedAt },
      ...(request.overwrite ? { overwrite: true } : {}),
    });
    return { kind: "saved", updatedAt: bot.updatedAt };
  } catch (error) {
    return classifySaveError(error);
  }
}

export function classifySaveError(error: unknown): SaveOutcome {
  if (!(error instanceof TRPCClientError))
    return { kind: "offline", message: "The server cannot be reached" };
  const data = error.data as ErrorBodyData | undefined;
  const issues = data?.body?.issues ?? [];
  if (issues.some((issue) => issue.code === "CONFLICT_NEWER_VERSION")) return { kind: "conflict" };
  const status = data?.httpStatus;
  if (status === undefined || status >= 500)
    return { kind: "offline", message: "The server cannot be reached" };
  if (status === 401)
    return { kind: "invalid", message: "You were signed out: sign in again in another tab" };
  const issue = issues[0];
  const where = issue?.path?.length ? ` (${issue.path.join(".")})` : "";
  return { kind: "invalid", message: issue ? `${issue.message}${where}` : error.message };
}

/** The bot's document and `updatedAt` as the server holds them (after a conflict, "reload"). */
export async function loadBotDocument(client: ApiClient, botId: string) {
  const { bot } = await botProcedures(client).bots.getBot.query({ botId });
  const { groups, edges, events, variables, theme, settings } = bot;
  return {
    document: { groups, edges, events, variables, theme, settings } as unknown as EditorDocument,
    updatedAt: bot.updatedAt,
  };
}
