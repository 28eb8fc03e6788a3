import type { AppRouter } from "@parley/api/routers/appRouter";
import { TRPCClientError } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { useTRPCClient } from "@/lib/trpc";
import type { SaveOutcome, SaveRequest } from "./createAutosaver";
import { isDeepEqual } from "./isDeepEqual";

type ApiClient = ReturnType<typeof useTRPCClient>;
/** The bot as GET /bots/{botId} returns it. */
export type SavedBot = inferRouterOutputs<AppRouter>["bots"]["getBot"]["bot"];
type BotUpdate = inferRouterInputs<AppRouter>["bots"]["updateBot"]["bot"];
/** The parts of the bot document the builder's pages save on their own. */
export type BotField =
  | "groups"
  | "edges"
  | "events"
  | "variables"
  | "theme"
  | "settings"
  | "resultsTablePreferences"
  | "tests";

export interface SaveBotOptions {
  /**
   * On a conflict, when the server still holds this tab's last saved version of the fields
   * being saved (someone saved other parts of the bot), save them again on the new `updatedAt`.
   */
  retryWhenOtherFieldsChanged?: boolean;
  /** Receives the bot as saved (e.g. to refresh cached queries). */
  onSaved?: (bot: SavedBot) => void;
}

interface ErrorBodyData {
  httpStatus?: number;
  body?: { code?: string; issues?: { message: string; code?: string; path?: (string | number)[] }[] };
}

/** Sends a save (PATCH /bots/{botId} through tRPC) and classifies the answer for the autosaver. */
export async function saveBotChanges<Doc extends object>(
  client: ApiClient,
  botId: string,
  request: SaveRequest<Doc>,
  options: SaveBotOptions = {},
): Promise<SaveOutcome> {
  try {
    const { bot } = await client.bots.updateBot.mutate({
      botId,
      // The editor reads blocks loosely (EditorBlock); the server checks the document against the schema.
      bot: { ...request.changes, updatedAt: request.updatedAt } as BotUpdate,
      ...(request.overwrite ? { overwrite: true } : {}),
    });
    options.onSaved?.(bot);
    return { kind: "saved", updatedAt: bot.updatedAt };
  } catch (error) {
    const outcome = classifySaveError(error);
    if (outcome.kind !== "conflict" || !options.retryWhenOtherFieldsChanged) return outcome;
    let fresh: SavedBot;
    try {
      fresh = (await client.bots.getBot.query({ botId })).bot;
    } catch (readError) {
      return classifySaveError(readError);
    }
    const base = request.base as Record<string, unknown>;
    const isOursStillLatest = Object.keys(base).every((key) =>
      isDeepEqual((fresh as Record<string, unknown>)[key], base[key]),
    );
    if (!isOursStillLatest) return outcome;
    return saveBotChanges(client, botId, { ...request, updatedAt: fresh.updatedAt }, options);
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

/** The given fields of the bot and its `updatedAt` as the server holds them (after a conflict, "reload"). */
export async function loadBotFields<Field extends BotField>(
  client: ApiClient,
  botId: string,
  fields: readonly Field[],
): Promise<{ document: Pick<SavedBot, Field>; updatedAt: string }> {
  const { bot } = await client.bots.getBot.query({ botId });
  const document = Object.fromEntries(fields.map((field) => [field, bot[field]])) as Pick<SavedBot, Field>;
  return { document, updatedAt: bot.updatedAt };
}
