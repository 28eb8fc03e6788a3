import {
  readSessionConversation,
  type SessionConversation,
} from "@parley/db/queries/readSessionConversation";
import { parseSessionState } from "@parley/engine";
import type { ChatRuntime } from "../../core/chatRuntime";
import { type PaymentLink, readPaymentLinkToken } from "./paymentLinkToken";

export type DuePayment =
  | { ok: true; link: PaymentLink; conversation: SessionConversation; isDue: boolean }
  | { ok: false; reason: "PAYMENT_LINK_INVALID" | "PAYMENT_LINK_EXPIRED" };

/**
 * The payment a link's token names, with its messaging conversation: refused when the token is not
 * the server's or has expired, or the session has ended, expired or left its channel. `isDue`: the
 * session still waits at the payment input (false once the payment was confirmed).
 */
export async function readDuePayment(runtime: ChatRuntime, token: string): Promise<DuePayment> {
  const read = readPaymentLinkToken(token, runtime.now());
  if (!read.ok) return read;
  const { link } = read;
  const conversation = await readSessionConversation(runtime.getPool(), link.sessionId);
  const session = conversation?.session;
  if (!conversation || !session || session.workspaceId !== link.workspaceId)
    return { ok: false, reason: "PAYMENT_LINK_EXPIRED" };
  const isOpen = !session.isCompleted && (session.expiresAt?.getTime() ?? 0) > runtime.now().getTime();
  const waitingFor = isOpen ? parseSessionState(session.state).waitingFor : null;
  const isDue = waitingFor?.kind === "input" && waitingFor.blockId === link.blockId;
  return { ok: true, link, conversation, isDue };
}
