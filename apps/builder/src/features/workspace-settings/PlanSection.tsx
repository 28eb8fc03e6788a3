"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { cn } from "@/components/ui/cn";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { formatMoney } from "./formatMoney";

const planValues = ["FREE", "STARTER", "PRO", "ENTERPRISE"] as const;
type PlanName = (typeof planValues)[number];
const isPlanName = (value: string): value is PlanName => planValues.some((plan) => plan === value);

/**
 * The plan, the chats used this period against what it includes, and (instance operators only) a plan
 * change: a workspace ADMIN reads the plan but does not grant themselves another.
 */
export function PlanSection({ workspaceId, canChangePlan }: { workspaceId: string; canChangePlan: boolean }) {
  const t = useTranslations("Plan");
  const locale = useLocale();
  const format = useFormatter();
  const dates = useDateFormat();
  const planNames: Record<PlanName, string> = {
    FREE: t("free"),
    STARTER: t("starter"),
    PRO: t("pro"),
    ENTERPRISE: t("enterprise"),
  };
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const plan = useQuery(trpc.billing.getPlan.queryOptions({ workspaceId }));
  const usage = useQuery(trpc.billing.getUsage.queryOptions({ workspaceId }));
  const [nextPlan, setNextPlan] = useState<PlanName | null>(null);
  const change = useMutation(
    trpc.billing.changePlan.mutationOptions({
      onSuccess: async ({ plan: changed }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.billing.pathKey() });
        toast.success(t("changed", { plan: planNames[changed.plan] }));
        setNextPlan(null);
      },
      onError: (error) => toast.error(t("changeFailed", { reason: getErrorMessage(error) })),
    }),
  );

  const error = plan.error ?? usage.error;
  return (
    <Section id="plan" title={t("title")} description={t("description")}>
      {error ? (
        <ErrorState error={error} onRetry={() => void Promise.all([plan.refetch(), usage.refetch()])} />
      ) : !plan.data || !usage.data ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("loading")} />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-lg font-semibold">
              {t("planName", { plan: planNames[plan.data.plan.plan] })}
              <span className="ml-2 text-base font-normal text-muted">
                {t("perMonth", {
                  price: formatMoney(plan.data.plan.priceCents / 100, plan.data.plan.currency, locale),
                })}
              </span>
            </p>
            {canChangePlan ? (
              <Select
                aria-label={t("change")}
                value={plan.data.plan.plan}
                onChange={(event) => {
                  if (isPlanName(event.target.value)) setNextPlan(event.target.value);
                }}
                className="w-44"
              >
                {planValues.map((name) => (
                  <option key={name} value={name}>
                    {planNames[name]}
                  </option>
                ))}
              </Select>
            ) : (
              <p className="text-[13px] text-muted">{t("operatorsOnly")}</p>
            )}
          </div>
          <UsageBar
            used={usage.data.totalChatsUsed}
            included={plan.data.plan.includedChats}
            hardLimit={plan.data.plan.chatsHardLimit}
          />
          <p className="text-[13px] text-muted">
            {t("resets", { date: dates.date(usage.data.resetsAt) })}
            {plan.data.plan.overageCentsPerChat > 0
              ? ` ${t("overage", { price: formatMoney(plan.data.plan.overageCentsPerChat / 100, plan.data.plan.currency, locale) })}`
              : ""}
            {plan.data.plan.chatsHardLimit !== null
              ? ` ${t("hardLimit", { limit: format.number(plan.data.plan.chatsHardLimit) })}`
              : ""}
          </p>
        </>
      )}
      <ConfirmDialog
        open={nextPlan !== null}
        onOpenChange={(open) => !open && setNextPlan(null)}
        title={t("switchTitle", { plan: nextPlan ? planNames[nextPlan] : "" })}
        description={t("switchDescription")}
        confirmLabel={t("change")}
        isDanger={false}
        isPending={change.isPending}
        onConfirm={() => nextPlan && change.mutate({ workspaceId, plan: nextPlan })}
      />
    </Section>
  );
}

function UsageBar({
  used,
  included,
  hardLimit,
}: {
  used: number;
  included: number | null;
  hardLimit: number | null;
}) {
  const t = useTranslations("Plan");
  const format = useFormatter();
  const ceiling = included ?? hardLimit;
  const ratio = ceiling ? Math.min(1, used / ceiling) : 0;
  const tone = ratio >= 1 ? "bg-danger-600" : ratio >= 0.8 ? "bg-warning-600" : "bg-brand-600";
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-[13px]">
        <span className="font-medium">{t("chatsThisPeriod")}</span>
        <span data-testid="chats-used">
          {format.number(used)} / {ceiling === null ? t("unlimited") : format.number(ceiling)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t("chatsUsed")}
        aria-valuemin={0}
        aria-valuemax={ceiling ?? used}
        aria-valuenow={used}
        className="h-2 overflow-hidden rounded-full bg-subtle"
      >
        <div
          className={cn("h-full rounded-full transition-[width]", tone)}
          style={{ width: `${ratio * 100}%` }}
        />
      </div>
    </div>
  );
}
