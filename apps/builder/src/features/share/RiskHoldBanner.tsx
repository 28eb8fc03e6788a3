import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";

export interface RiskHold {
  botId: string;
  workspaceId: string;
  riskLevel: number;
  threshold: number;
}

/** A published bot held for its riskLevel: not served, why, and what lifts it. */
export function RiskHoldBanner({ hold }: { hold: RiskHold }) {
  const t = useTranslations("RiskHold");
  const code = (chunks: ReactNode) => <code className="break-all">{chunks}</code>;
  return (
    <section
      aria-labelledby="risk-hold-title"
      className="flex gap-3 rounded-card border border-danger-600/30 bg-danger-50 px-5 py-4"
    >
      <ShieldAlert size={20} className="mt-0.5 shrink-0 text-danger-600" aria-hidden />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id="risk-hold-title" className="text-base font-semibold text-danger-600">
          {t("title")}
        </h2>
        <p>{t("why", { riskLevel: hold.riskLevel, threshold: hold.threshold })}</p>
        <p>
          {t.rich("lift", {
            clearCommand: `npm run cli -- bot clear-risk --bot-id ${hold.botId}`,
            verifyCommand: `npm run cli -- workspace verify --workspace-id ${hold.workspaceId}`,
            code,
          })}
        </p>
      </div>
    </section>
  );
}
