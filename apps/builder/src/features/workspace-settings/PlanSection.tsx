"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { cn } from "@/components/ui/cn";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDate } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
import { formatMoney } from "./formatMoney";

const planNames = { FREE: "Free", STARTER: "Starter", PRO: "Pro", ENTERPRISE: "Enterprise" } as const;
type PlanName = keyof typeof planNames;
const isPlanName = (value: string): value is PlanName => Object.hasOwn(planNames, value);

/**
 * The plan, the chats used this period against what it includes, and (instance operators only) a plan
 * change: a workspace ADMIN reads the plan but does not grant themselves another.
 */
export function PlanSection({ workspaceId, canChangePlan }: { workspaceId: string; canChangePlan: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const plan = useQuery(trpc.billing.getPlan.queryOptions({ workspaceId }));
  const usage = useQuery(trpc.billing.getUsage.queryOptions({ workspaceId }));
  const [nextPlan, setNextPlan] = useState<PlanName | null>(null);
  const change = useMutation(
    trpc.billing.changePlan.mutationOptions({
      onSuccess: async ({ plan: changed }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.billing.pathKey() });
        toast.success(`Plan changed to ${planNames[changed.plan]}`);
        setNextPlan(null);
      },
      onError: (error) => toast.error(`Could not change the plan: ${getErrorMessage(error)}`),
    }),
  );

  const error = plan.error ?? usage.error;
  return (
    <Section id="plan" title="Plan and usage" description="Chats are conversations started on your bots.">
      {error ? (
        <ErrorState error={error} onRetry={() => void Promise.all([plan.refetch(), usage.refetch()])} />
      ) : !plan.data || !usage.data ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading the plan" />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-lg font-semibold">
              {planNames[plan.data.plan.plan]} plan
              <span className="ml-2 text-base font-normal text-muted">
                {formatMoney(plan.data.plan.priceCents / 100, plan.data.plan.currency)} / month
              </span>
            </p>
            {canChangePlan ? (
              <Select
                aria-label="Change plan"
                value={plan.data.plan.plan}
                onChange={(event) => {
                  if (isPlanName(event.target.value)) setNextPlan(event.target.value);
                }}
                className="w-44"
              >
                {Object.entries(planNames).map(([name, label]) => (
                  <option key={name} value={name}>
                    {label}
                  </option>
                ))}
              </Select>
            ) : (
              <p className="text-[13px] text-muted">Plans are changed by the instance's operators.</p>
            )}
          </div>
          <UsageBar
            used={usage.data.totalChatsUsed}
            included={plan.data.plan.includedChats}
            hardLimit={plan.data.plan.chatsHardLimit}
          />
          <p className="text-[13px] text-muted">
            Resets on {formatDate(usage.data.resetsAt)}.
            {plan.data.plan.overageCentsPerChat > 0
              ? ` Chats beyond the included ones cost ${formatMoney(plan.data.plan.overageCentsPerChat / 100, plan.data.plan.currency)} each.`
              : ""}
            {plan.data.plan.chatsHardLimit !== null
              ? ` New chats are refused after ${plan.data.plan.chatsHardLimit.toLocaleString("en-US")} in a period.`
              : ""}
          </p>
        </>
      )}
      <ConfirmDialog
        open={nextPlan !== null}
        onOpenChange={(open) => !open && setNextPlan(null)}
        title={`Switch to the ${nextPlan ? planNames[nextPlan] : ""} plan?`}
        description="The new price and limits apply from the current period; closed periods stay invoiced at the old plan."
        confirmLabel="Change plan"
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
  const ceiling = included ?? hardLimit;
  const ratio = ceiling ? Math.min(1, used / ceiling) : 0;
  const tone = ratio >= 1 ? "bg-danger-600" : ratio >= 0.8 ? "bg-warning-600" : "bg-brand-600";
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-[13px]">
        <span className="font-medium">Chats this period</span>
        <span data-testid="chats-used">
          {used.toLocaleString("en-US")} / {ceiling === null ? "unlimited" : ceiling.toLocaleString("en-US")}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Chats used this period"
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
