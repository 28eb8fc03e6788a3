import { createId } from "@parley/db";
import { readHandoffQueue } from "@parley/db/queries/readHandoffQueue";
import type {
  EnginePorts,
  EvaluateExpressionRequest,
  LoadBotRequest,
  OutgoingHttpRequest,
  PaymentIntentRequest,
  RunCodeRequest,
  SendEmailRequest,
} from "@parley/engine";
import type { ChatRuntime } from "../chatRuntime";
import type { TurnBudget } from "../turns/turnBudget";
import type { TurnScope } from "../turns/turnScope";
import { loadLinkedBot } from "./loadLinkedBot";

/**
 * The engine's ports for one turn. Every call that leaves the process gets the
 * turn's AbortSignal (which starts the budget's timer), so a turn past its time budget stops its HTTP requests
 * and sandboxed code.
 */
export function createEnginePorts(runtime: ChatRuntime, scope: TurnScope, budget: TurnBudget): EnginePorts {
  return new TurnPorts(runtime, scope, budget);
}

/**
 * The ports as one object per turn whose calls are methods of its class: a turn makes no closure per port
 * (docs/chat-runtime.md, "fourth pass"). The engine calls them as methods of `ctx.ports`.
 */
class TurnPorts implements EnginePorts {
  readonly now: () => Date;
  readonly createId = createId;
  readonly random = Math.random;
  readonly environmentName = "web";
  readonly #runtime: ChatRuntime;
  readonly #scope: TurnScope;
  readonly #budget: TurnBudget;
  // The AI, AI agent, Google Sheets and plug-in ports are made when the turn first reaches such a block (most turns never do).
  #ai: EnginePorts["ai"] | undefined;
  #aiAgent: EnginePorts["aiAgent"] | undefined;
  #googleSheets: EnginePorts["googleSheets"] | undefined;
  #plugins: EnginePorts["plugins"] | undefined;

  constructor(runtime: ChatRuntime, scope: TurnScope, budget: TurnBudget) {
    this.now = runtime.now;
    this.#runtime = runtime;
    this.#scope = scope;
    this.#budget = budget;
  }

  fetchHttp(request: OutgoingHttpRequest) {
    return this.#runtime.services.fetchHttp(request, this.#budget.signal);
  }
  runCode(request: RunCodeRequest) {
    return this.#runtime.services.runCode(request, this.#budget.signal);
  }
  evaluateExpression(request: EvaluateExpressionRequest) {
    return this.#runtime.services.evaluateExpression(request, this.#budget.signal);
  }
  loadBot(request: LoadBotRequest) {
    // A linked bot's read waits on the database: within the budget too.
    this.#budget.arm();
    return loadLinkedBot(this.#runtime, this.#scope, request);
  }
  async createPaymentIntent(request: PaymentIntentRequest) {
    const runtime = this.#runtime;
    const created = await runtime.services.createPaymentIntent(request, this.#budget.signal);
    const { paymentLink } = this.#scope;
    return created.ok && paymentLink ? runtime.linkPayment(runtime, paymentLink, request, created) : created;
  }
  // AI calls awaited in the turn stop before its budget does, so their failure is a log, not a timeout.
  get ai() {
    this.#ai ??= this.#runtime.services.createAiPort({
      signal: this.#budget.signal,
      deadline: this.#budget.deadline,
    });
    return this.#ai;
  }
  get aiAgent() {
    this.#aiAgent ??= this.#runtime.services.createAiAgentPort({
      signal: this.#budget.signal,
      deadline: this.#budget.deadline,
      aiAgentReads: this.#scope.aiAgentReads,
    });
    return this.#aiAgent;
  }
  // A Human handoff block's queue: read in the handoff's turn only, in its workspace only.
  readHandoffQueue(request: { workspaceId: string; team: string | null }) {
    this.#budget.arm();
    return readHandoffQueue(this.#runtime.getPool(), { ...request, workspaceId: this.#scope.workspaceId });
  }
  sendEmail(request: SendEmailRequest) {
    return this.#runtime.services.sendEmail(request, this.#budget.signal);
  }
  get googleSheets() {
    this.#googleSheets ??= this.#runtime.services.createGoogleSheetsPort(this.#budget.signal);
    return this.#googleSheets;
  }
  get plugins() {
    this.#plugins ??= this.#runtime.services.createPluginPort(this.#budget.signal);
    return this.#plugins;
  }
  // A walk of many blocks without a port call never lets the budget's timer fire: it asks here instead.
  checkTurnBudget() {
    this.#budget.check();
  }
}
