import { defaultPaymentInputOptions, type PaymentInputBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getDefaultStep } from "../../walk/getDefaultStep";
import { addLog, getCurrentFrame, getCurrentScope } from "../../walk/TurnContext";
import type { BlockRun, InputExecutor, PreparedInput } from "../BlockExecutor";
import { createInputResponse, getTextReply } from "../shared/createInputResponse";

/** The reply the client sends when the payment did not go through. */
const FAILURE_REPLY = "fail";

/**
 * `payment input`: a payment intent is created through the payment port when the input is shown
 * (its client secret goes into `runtimeOptions`). Without a port, or when creation fails, the error
 * is logged and the flow goes on along the block's edge. The reply "fail" asks again; on a messaging
 * channel's session any reply but the server's verified payment does.
 */
export const paymentInput: InputExecutor<PaymentInputBlock> = {
  kind: "input",
  replyEventInputType: "payment",
  needsALookBeforeReply: true,
  defaultRetryMessage: "paymentFailed",
  async prepareInput(run) {
    const { ports } = run.ctx;
    if (!ports.createPaymentIntent)
      return skipWithError(run, "Payments are not configured on this server; skipped");
    const options = run.block.options ?? {};
    const scope = getCurrentScope(run.ctx);
    const email = parseVariables(options.additionalInformation?.email, scope).trim();
    const description = parseVariables(options.additionalInformation?.description, scope).trim();
    // Called on the ports object: a port may be a method of its class.
    const result = await ports.createPaymentIntent({
      workspaceId: run.ctx.state.workspaceId,
      blockId: run.block.id,
      isPreview: run.ctx.state.isPreview,
      credentialsId: options.credentialsId ?? null,
      provider: options.provider ?? "Stripe",
      amount: parseVariables(options.amount, scope).trim(),
      currency: options.currency ?? "USD",
      ...(description ? { description } : {}),
      ...(email ? { receiptEmail: email } : {}),
      idempotency: countPaymentVisit(run),
    });
    if (!result.ok) return skipWithError(run, "The payment could not be prepared; skipped", result.error);
    return { type: "input", input: { ...createInputResponse(run), runtimeOptions: result.runtimeOptions } };
  },
  async parseReply(run, reply) {
    if (run.ctx.state.isOnMessagingChannel) {
      if (!reply) return { status: "noReply" };
      // Anyone can type the success label on a channel: only the payment the server checked counts.
      return run.ctx.verifiedPaymentBlockId === run.block.id
        ? {
            status: "success",
            content: run.block.options?.labels?.success ?? defaultPaymentInputOptions.labels.success,
          }
        : { status: "fail" };
    }
    const text = getTextReply(reply)?.trim();
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    if (text === "" || text.toLowerCase() === FAILURE_REPLY) return { status: "fail" };
    return { status: "success", content: text };
  },
};

/**
 * Counts this payment request of the block in its result's progress and names it. The count lives in
 * the session state, so a turn retried from the same state names the same visit (the same payment),
 * and the next pass through the block (a loop, a retry after "fail") a new one.
 */
function countPaymentVisit(run: BlockRun<PaymentInputBlock>) {
  const { resultId } = getCurrentFrame(run.ctx);
  const progress = run.ctx.state.results[resultId];
  const visit = (progress?.paymentVisits?.[run.block.id] ?? 0) + 1;
  if (progress) progress.paymentVisits = { ...progress.paymentVisits, [run.block.id]: visit };
  return { resultId, blockId: run.block.id, visit };
}

const skipWithError = (
  run: BlockRun<PaymentInputBlock>,
  description: string,
  details?: string,
): PreparedInput => {
  addLog(run.ctx, { status: "error", description, context: run.block.id, ...(details ? { details } : {}) });
  return { type: "skip", step: getDefaultStep(run.block) };
};
