import { parseSessionState } from "@parley/engine";
import { defaultPaymentInputOptions, paymentInputBlock } from "@parley/schemas";
import type { ChatRuntime } from "../../core/chatRuntime";
import { loadSessionFlow } from "../../core/persistence/loadSessionFlow";
import { readDuePayment } from "./readDuePayment";

/** What the pay page shows for a link. */
export type PaymentPage =
  | {
      status: "due";
      botName: string;
      amountLabel: string;
      publicKey: string;
      clientSecret: string;
      labels: { button: string; success: string };
    }
  /** Stripe took the payment but the chat has not heard of it yet: the page confirms it at once. */
  | { status: "succeeded"; botName: string; amountLabel: string }
  | { status: "confirmed"; botName: string; amountLabel: string }
  | { status: "invalid" | "expired" }
  | { status: "unavailable"; botName: string; message: string };

/**
 * The pay page of a messaging session's payment link (`/pay/<token>` on the viewer): the bot, the
 * amount and the PaymentIntent's client secret for Stripe's Payment Element, read from Stripe.
 */
export async function readPaymentPage(runtime: ChatRuntime, token: string): Promise<PaymentPage> {
  const due = await readDuePayment(runtime, token);
  if (!due.ok) return { status: due.reason === "PAYMENT_LINK_INVALID" ? "invalid" : "expired" };
  const { link, conversation } = due;
  const { botName } = conversation;
  const { amountLabel } = link;
  if (!due.isDue) return { status: "confirmed", botName, amountLabel };
  const read = await runtime.services.retrievePaymentIntent({
    workspaceId: link.workspaceId,
    credentialsId: link.credentialsId,
    isPreview: false,
    paymentIntentId: link.paymentIntentId,
  });
  if (!read.ok) return { status: "unavailable", botName, message: "The payment cannot be loaded right now." };
  if (read.intent.status === "succeeded") return { status: "succeeded", botName, amountLabel };
  if (read.intent.status === "canceled") return { status: "expired" };
  return {
    status: "due",
    botName,
    amountLabel,
    publicKey: read.publicKey,
    clientSecret: read.intent.clientSecret,
    labels: await getPaymentLabels(runtime, due),
  };
}

/** The payment input's button and success labels, as the web chat shows them. */
async function getPaymentLabels(
  runtime: ChatRuntime,
  due: Extract<Awaited<ReturnType<typeof readDuePayment>>, { ok: true }>,
): Promise<{ button: string; success: string }> {
  const defaults = defaultPaymentInputOptions.labels;
  const { session } = due.conversation;
  const { flow } = await loadSessionFlow(runtime, session, parseSessionState(session.state));
  // A payment input of a linked bot is not in this flow: it gets the default labels.
  const block = flow.groups
    .flatMap((group) => group.blocks)
    .find((candidate) => candidate.id === due.link.blockId);
  const labels = block?.type === paymentInputBlock.type ? block.options?.labels : undefined;
  return { button: labels?.button ?? defaults.button, success: labels?.success ?? defaults.success };
}
