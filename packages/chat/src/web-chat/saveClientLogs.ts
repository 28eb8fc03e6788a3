import { createId } from "@parley/db";
import { saveClientLogs as storeClientLogs } from "@parley/db/queries/saveClientLogs";
import { parseSessionState } from "@parley/engine";
import { readChatCredentialOrKeyless } from "@parley/platform/auth/readChatCredential";
import { jsonResponse } from "@parley/platform/http/handleWebRequest";
import { readJsonBody } from "@parley/platform/http/readJsonBody";
import { chatLogStatuses } from "@parley/schemas";
import { jsonValueSchema, textSchema } from "@parley/schemas/text";
import { z } from "zod";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { assertOriginAllowed } from "../core/http/cors";
import { loadSessionFlow } from "../core/persistence/loadSessionFlow";
import { readOpenSession } from "../core/turns/readSessionForTurn";

export const clientLogsRequestSchema = z.object({
  clientLogs: z
    .array(
      z.object({
        status: z.enum(chatLogStatuses),
        description: textSchema.min(1).max(1000),
        /** Any JSON; stored as text (JSON unless it is a string). */
        details: jsonValueSchema.optional(),
        context: textSchema.max(1000).nullable().optional(),
      }),
    )
    .max(20),
});

export const clientLogsResponseSchema = z.object({ message: z.literal("success") });

/** Stored details are at most this long (a script's error with a long stack). */
const MAX_DETAILS_LENGTH = 10_000;

/**
 * POST /api/v2/sessions/{sessionId}/clientLogs (Typebot's path, docs/typebot-compat.md): what the web client
 * reports (a client-side script that failed…), stored as logs of the session's result; nothing for a preview.
 */
export async function saveClientLogs({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<{ sessionId: string }>): Promise<Response> {
  const { sessionId } = params;
  const credential = readChatCredentialOrKeyless(request, runtime);
  const input = clientLogsRequestSchema.parse((await readJsonBody(request)) ?? {});
  const { session, caller } = await readOpenSession(runtime, { sessionId, credential, scope });
  const { flow } = await loadSessionFlow(runtime, session, parseSessionState(session.state));
  assertOriginAllowed(request, caller, flow.settings);
  await storeClientLogs(
    runtime.getPool(),
    session.id,
    input.clientLogs.map((log) => ({
      id: createId(),
      status: log.status,
      description: log.description,
      details: toDetailsText(log.details),
      context: log.context ?? null,
    })),
  );
  return jsonResponse({ message: "success" });
}

function toDetailsText(details: unknown): string | null {
  if (details === undefined || details === null) return null;
  const text = typeof details === "string" ? details : JSON.stringify(details);
  return text.slice(0, MAX_DETAILS_LENGTH);
}
