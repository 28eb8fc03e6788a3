import { type Database, getPrisma } from "@parley/db";
import { readAuditClient } from "@parley/platform/audit/appendAuditEntry";
import { assertSameOriginRequest } from "@parley/platform/auth/assertSameOriginRequest";
import { authenticateApiUser } from "@parley/platform/auth/authenticateBearer";
import { createCookieJar } from "@parley/platform/auth/cookies";
import { authenticateSession, SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { findRateLimitError, toCanonicalError } from "@parley/platform/errors";
import { readClientAddress } from "@parley/platform/http/clientAddress";
import { handleWebRequest } from "@parley/platform/http/handleWebRequest";
import { BUILDER_MAX_BODY_BYTES, parseJsonValue, readLimitedBody } from "@parley/platform/http/readJsonBody";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Context } from "./context";
import {
  CONVERSATION_FILE_PATH,
  createConversationFileUploadHandler,
} from "./inbox/handleConversationFileUpload";
import { createKnowledgeFileUploadHandler, KNOWLEDGE_FILE_PATH } from "./knowledge/handleKnowledgeFileUpload";
import { createRestHandler } from "./rest/createRestHandler";
import { createResultsCsvHandler, RESULTS_CSV_PATH } from "./results/handleResultsCsvRequest";
import { appRouter } from "./routers/appRouter";
import { createTranslationsHandler, TRANSLATIONS_PATH } from "./translations/handleTranslationsRequest";

function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= compute();
    return promise;
  };
}

/**
 * The REST API over a given client (tests pass one that counts queries). The results export
 * streams CSV, a knowledge file upload's body is the file (up to 50 MB), so is an inbox attachment's, and a
 * translations file is XLIFF or CSV, which trpc-to-openapi's JSON procedures cannot do, so they have their own
 * handlers here.
 */
export function createRestApiHandler(getDatabase: () => Database = getPrisma) {
  const handleResultsCsv = createResultsCsvHandler(getDatabase);
  const handleKnowledgeFile = createKnowledgeFileUploadHandler(getDatabase);
  const handleTranslations = createTranslationsHandler(getDatabase);
  const handleConversationFile = createConversationFileUploadHandler(getDatabase);
  const handleProcedure = createRestHandler({
    router: appRouter,
    endpoint: "/api/v1",
    createContext: (request, scope): Context => {
      const prisma = getDatabase();
      return {
        prisma,
        ...scope,
        clientAddress: readClientAddress(request),
        userAgent: readAuditClient(request).userAgent,
        authenticate: once(() => authenticateApiUser(prisma, request.headers.get("authorization"))),
      };
    },
  });
  return (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const exportMatch = RESULTS_CSV_PATH.exec(pathname);
    if (exportMatch) return handleResultsCsv(request, exportMatch[1] ?? "");
    const fileMatch = KNOWLEDGE_FILE_PATH.exec(pathname);
    if (fileMatch) return handleKnowledgeFile(request, fileMatch[1] ?? "");
    const conversationFileMatch = CONVERSATION_FILE_PATH.exec(pathname);
    if (conversationFileMatch) return handleConversationFile(request, conversationFileMatch[1] ?? "");
    const translationsMatch = TRANSLATIONS_PATH.exec(pathname);
    if (translationsMatch)
      return handleTranslations(request, translationsMatch[1] ?? "", translationsMatch[2] ?? "");
    return handleProcedure(request);
  };
}

/** /api/v1: the REST API, authenticated by `Authorization: Bearer <API token>`. */
export const handleRestRequest = createRestApiHandler();

/**
 * tRPC parses its own bodies: the checks of every other body first (content type, nesting depth, the text rule;
 * the size up to BUILDER_MAX_BODY_BYTES, as the builder saves a large bot's parts whole), then the same text
 * handed on.
 */
async function withCheckedBody(request: Request): Promise<Request> {
  if (request.method !== "POST") return request;
  const text = (await readLimitedBody(request, BUILDER_MAX_BODY_BYTES)).toString("utf8");
  parseJsonValue(text, request.headers);
  return new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body: text,
    signal: request.signal,
  });
}

/**
 * /api/trpc: the builder's own client, authenticated by the session cookie. Every mutation must come from
 * the builder's pages (assertSameOriginRequest), signed in or not: the mount reads the cookie and sets it
 * (signing in from another site's page would sign the victim in as someone else). Refused in
 * createContext, before any procedure runs, so the answer is tRPC's like its other FORBIDDENs.
 */
export function handleTrpcRequest(request: Request): Promise<Response> {
  return handleWebRequest(request, async (scope) =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: await withCheckedBody(request),
      router: appRouter,
      createContext: ({ resHeaders }): Context => {
        assertSameOriginRequest(request);
        const prisma = getPrisma();
        const cookies = createCookieJar(request, resHeaders);
        return {
          prisma,
          ...scope,
          clientAddress: readClientAddress(request),
          userAgent: readAuditClient(request).userAgent,
          cookies,
          authenticate: once(() => authenticateSession(prisma, cookies.get(SESSION_COOKIE))),
        };
      },
      // A refusal by a rate limit (sign-in) says when to come back, as the chat endpoints do.
      responseMeta: ({ errors }) => {
        const limited = errors.map(findRateLimitError).find((error) => error !== undefined);
        return limited ? { headers: { "retry-after": String(limited.retryAfterSeconds) } } : {};
      },
      onError: ({ error }) => {
        if (toCanonicalError(error).code === "INTERNAL_SERVER_ERROR") {
          scope.logger.error({ err: error.cause ?? error }, "procedure failed");
        }
      },
    }),
  );
}
