import type { PaymentIntentRequest, PaymentIntentResult } from "@parley/engine";
import type { ChatRuntime } from "../createChatRuntime";
import { getPaymentIntentId } from "../ports/createStripePaymentIntent";
import { createPaymentLinkToken } from "./paymentLinkToken";
import { toMinorUnits } from "./toMinorUnits";

/**
 * A created payment intent with the link a messaging channel sends (`{VIEWER_URL}/pay/<token>`), the
 * token signed for this session, payment input and intent.
 */
export function withPaymentUrl(
  runtime: ChatRuntime,
  session: { sessionId: string; expiresAt: Date },
  request: PaymentIntentRequest,
  created: Extract<PaymentIntentResult, { ok: true }>,
): PaymentIntentResult {
  const currency = request.currency.trim().toLowerCase();
  const amount = toMinorUnits(request.amount, currency);
  if (amount === null) return created;
  const token = createPaymentLinkToken({
    sessionId: session.sessionId,
    blockId: request.blockId,
    workspaceId: request.workspaceId,
    credentialsId: request.credentialsId,
    paymentIntentId: getPaymentIntentId(created.runtimeOptions.paymentIntentSecret),
    amount,
    currency,
    amountLabel: created.runtimeOptions.amountLabel,
    expiresAt: session.expiresAt.getTime(),
  });
  return {
    ok: true,
    runtimeOptions: { ...created.runtimeOptions, paymentUrl: `${runtime.uploads.viewerUrl}/pay/${token}` },
  };
}
