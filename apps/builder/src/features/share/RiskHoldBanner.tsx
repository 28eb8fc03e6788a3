import { ShieldAlert } from "lucide-react";

export interface RiskHold {
  botId: string;
  workspaceId: string;
  riskLevel: number;
  threshold: number;
}

/** A published bot held for its riskLevel: not served, why, and what lifts it. */
export function RiskHoldBanner({ hold }: { hold: RiskHold }) {
  return (
    <section
      aria-labelledby="risk-hold-title"
      className="flex gap-3 rounded-card border border-danger-600/30 bg-danger-50 px-5 py-4"
    >
      <ShieldAlert size={20} className="mt-0.5 shrink-0 text-danger-600" aria-hidden />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id="risk-hold-title" className="text-base font-semibold text-danger-600">
          Held for review: this bot is published but not served
        </h2>
        <p>
          Publishing found signs of phishing or brand impersonation (brand names, a password or card number
          input next to them, or a redirect to a look-alike domain): its risk level is {hold.riskLevel} of
          100, at or above this install's threshold of {hold.threshold}, and its workspace is not verified.
          Until that changes, its share page, embeds and messaging channels answer as closed, with the bot's
          closed message.
        </p>
        <p>
          What lifts it: remove what looks like impersonation and publish again (the risk is assessed anew on
          every publish), or ask the install's administrator to review it: they clear this bot with{" "}
          <code className="break-all">npm run cli -- bot clear-risk --bot-id {hold.botId}</code>, or verify
          the workspace with{" "}
          <code className="break-all">npm run cli -- workspace verify --workspace-id {hold.workspaceId}</code>
          .
        </p>
      </div>
    </section>
  );
}
