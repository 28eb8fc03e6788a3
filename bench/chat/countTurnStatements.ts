// In-process part of the chat benchmark: SQL statements per text turn (counted on the shared
// pg pool), and a real start + turn captured as the baselines' payload.

import type { SeededBot } from "@parley/chat/testing/seedPublishedBot";
import { getPgPool, observeStatements } from "@parley/db";

/** A POST to the chat API's `path` (under /api/v1) with the bot's chat key and a JSON body. */
export const postRequest = (path: string, token: string, body: unknown) =>
  new Request(`http://127.0.0.1/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

type ChatApi = (request: Request) => Promise<Response>;

async function call(api: ChatApi, request: Request) {
  const response = await api(request);
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Statements of the 5th text turn of a session on `bot` (the flow is warm in the cache by then), started with
 * `startBody` (a translated bot's session in one of its languages).
 */
export async function countTurnStatements(api: ChatApi, bot: SeededBot, startBody: object = {}) {
  const start = await call(api, postRequest(`/bots/${bot.publicId}/startChat`, bot.chatKey, startBody));
  const sessionId = String(start.sessionId);
  let statements = 0;
  let turnResponse: unknown;
  for (let turn = 1; turn <= 5; turn++) {
    const texts: string[] = [];
    const stop = observeStatements((text) => texts.push(text));
    turnResponse = await call(
      api,
      postRequest(`/sessions/${sessionId}/continueChat`, bot.chatKey, { message: `answer ${turn}` }),
    );
    stop();
    statements = texts.length;
  }
  const { rows } = await getPgPool().query(
    `SELECT s.state, r.variables FROM "ChatSession" s JOIN "Result" r ON r.id = s."resultId" WHERE s.id = $1`,
    [sessionId],
  );
  const { sessionId: _, resultId: __, ...startResponse } = start;
  return {
    statements,
    payload: {
      startState: rows[0].state,
      startResponse,
      turnState: rows[0].state,
      turnResponse,
      resultVariables: rows[0].variables,
    },
  };
}
