import type { PaymentIntentRequest, PaymentIntentResult } from "@parley/engine";
import type { ChatRuntime } from "../../core/chatRuntime";
import { getPaymentIntentId } from "../../core/ports/createStripePaymentIntent";
import { toMinorUnits } from "../../core/ports/toMinorUnits";
import { createPaymentLinkToken } from "./paymentLinkToken";

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
