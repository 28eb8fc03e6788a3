"use client";

import { getThemeVariables, PaymentInput, widgetStyles } from "@parley/chat-widget";
import { useCallback, useEffect, useState } from "react";
import { PaymentNotice } from "./PaymentNotice";

interface PaymentFormProps {
  token: string;
  botName: string;
  amountLabel: string;
  /** The PaymentIntent to pay; absent when Stripe already took the payment. */
  payment?: { publicKey: string; clientSecret: string; labels: { button: string; success: string } };
  /** Stripe took the payment but the chat has not heard of it: confirmed at once. */
  isPaid?: boolean;
}

type Confirmation = { state: "idle" | "sending" | "done" } | { state: "failed"; message: string };

/**
 * Stripe's Payment Element through the web chat's payment component; once Stripe.js confirmed, the
 * server checks the payment and the conversation goes on in the messaging app.
 */
export function PaymentForm({ token, botName, amountLabel, payment, isPaid }: PaymentFormProps) {
  const [confirmation, setConfirmation] = useState<Confirmation>({ state: "idle" });
  const confirm = useCallback(async () => {
    setConfirmation({ state: "sending" });
    try {
      const response = await fetch(`/api/v1/payment-links/${encodeURIComponent(token)}/confirm`, {
        method: "POST",
      });
      if (response.ok) return setConfirmation({ state: "done" });
      const body = (await response.json()) as { issues?: { message?: string }[] };
      setConfirmation({
        state: "failed",
        message: body.issues?.[0]?.message ?? "The payment could not be confirmed.",
      });
    } catch {
      setConfirmation({
        state: "failed",
        message: "The server could not be reached. Reload the page to try again.",
      });
    }
  }, [token]);

  useEffect(() => {
    if (isPaid) void confirm();
  }, [isPaid, confirm]);

  if (confirmation.state === "done")
    return (
      <PaymentNotice title="Payment received" botName={botName} amountLabel={amountLabel}>
        Thank you. You can go back to the conversation.
      </PaymentNotice>
    );
  if (confirmation.state === "failed")
    return (
      <PaymentNotice title="Payment not confirmed" botName={botName} amountLabel={amountLabel}>
        {confirmation.message}
      </PaymentNotice>
    );
  if (!payment || confirmation.state === "sending")
    return <PaymentNotice title="Confirming the payment…" botName={botName} amountLabel={amountLabel} />;
  return (
    <PaymentNotice title="Payment" botName={botName}>
      <div className="parley-root" style={getThemeVariables({})}>
        <style>{widgetStyles}</style>
        <PaymentInput
          input={{
            id: "payment",
            type: "payment input",
            options: { labels: payment.labels },
            runtimeOptions: {
              paymentIntentSecret: payment.clientSecret,
              amountLabel,
              publicKey: payment.publicKey,
            },
          }}
          onSubmit={() => void confirm()}
        />
      </div>
    </PaymentNotice>
  );
}
