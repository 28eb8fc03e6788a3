import { readPaymentPage } from "@parley/chat/channels/payments/readPaymentPage";
import { viewerRuntime } from "@parley/chat/mounts/handleViewerApiRequest";
import type { Metadata } from "next";
import { PaymentForm } from "./PaymentForm";
import { PaymentNotice } from "./PaymentNotice";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Payment", robots: { index: false, follow: false } };

type Params = Promise<{ token: string }>;

/**
 * The pay page of a messaging channel's payment link: the bot, the amount and Stripe's Payment
 * Element for the session's PaymentIntent; or why the link cannot be paid.
 */
export default async function PayPageRoute({ params }: { params: Params }) {
  const { token } = await params;
  const page = await readPaymentPage(viewerRuntime, token);
  switch (page.status) {
    case "invalid":
      return (
        <PaymentNotice title="This payment link is not valid">
          Check that the whole link was opened, or ask the bot for a new one.
        </PaymentNotice>
      );
    case "expired":
      return (
        <PaymentNotice title="This payment link has expired">
          The conversation it belongs to has ended. Write to the bot again to get a new link.
        </PaymentNotice>
      );
    case "confirmed":
      return (
        <PaymentNotice title="Payment received" botName={page.botName} amountLabel={page.amountLabel}>
          You can go back to the conversation.
        </PaymentNotice>
      );
    case "unavailable":
      return (
        <PaymentNotice title="Payment unavailable" botName={page.botName}>
          {page.message} Try again in a moment.
        </PaymentNotice>
      );
    case "succeeded":
      return <PaymentForm token={token} botName={page.botName} amountLabel={page.amountLabel} isPaid />;
    case "due":
      return (
        <PaymentForm
          token={token}
          botName={page.botName}
          amountLabel={page.amountLabel}
          payment={{ publicKey: page.publicKey, clientSecret: page.clientSecret, labels: page.labels }}
        />
      );
  }
}
