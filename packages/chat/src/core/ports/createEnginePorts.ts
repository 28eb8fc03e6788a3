import { createId } from "@parley/db";
import type { EnginePorts } from "@parley/engine";
import { chatErrors } from "../chatErrors";
import type { ChatRuntime } from "../chatRuntime";
import type { TurnScope } from "../turns/turnScope";
import { loadLinkedBot } from "./loadLinkedBot";

/**
 * The engine's ports for one turn. Every call that leaves the process gets the
 * turn's AbortSignal, so a turn past its time budget stops its HTTP requests
 * and sandboxed code.
 */
export function createEnginePorts(runtime: ChatRuntime, scope: TurnScope, signal: AbortSignal): EnginePorts {
  const { services } = runtime;
  const deadline = Date.now() + runtime.turnTimeoutMs;
  // The AI, AI agent and Google Sheets ports are made when the turn first reaches such a block (most turns never do).
  let ai: EnginePorts["ai"] | undefined;
  let aiAgent: EnginePorts["aiAgent"] | undefined;
  let googleSheets: EnginePorts["googleSheets"] | undefined;
  return {
    now: runtime.now,
    createId,
    random: Math.random,
    fetchHttp: (request) => services.fetchHttp(request, signal),
    runCode: (request) => services.runCode(request, signal),
    evaluateExpression: (request) => services.evaluateExpression(request, signal),
    loadBot: (request) => loadLinkedBot(runtime, scope, request),
    createPaymentIntent: async (request) => {
      const created = await services.createPaymentIntent(request, signal);
      return created.ok && scope.paymentLink
        ? runtime.linkPayment(runtime, scope.paymentLink, request, created)
        : created;
    },
    // AI calls awaited in the turn stop before its budget does, so their failure is a log, not a timeout.
    get ai() {
      ai ??= services.createAiPort({ signal, deadline });
      return ai;
    },
    get aiAgent() {
      aiAgent ??= services.createAiAgentPort({ signal, deadline, aiAgentReads: scope.aiAgentReads });
      return aiAgent;
    },
    sendEmail: (request) => services.sendEmail(request, signal),
    get googleSheets() {
      googleSheets ??= services.createGoogleSheetsPort(signal);
      return googleSheets;
    },
    // A walk of many blocks without a port call never lets the budget's timer fire: it asks here instead.
    checkTurnBudget: () => {
      if (signal.aborted || Date.now() >= deadline) throw chatErrors.turnTimeout(runtime.turnTimeoutMs);
    },
    environmentName: "web",
  };
}
