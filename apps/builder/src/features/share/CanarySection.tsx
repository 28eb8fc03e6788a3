"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { FormActions } from "@/components/ui/DialogForm";
import { ErrorState } from "@/components/ui/ErrorState";
import { NumberField } from "@/components/ui/NumberField";
import { Section } from "@/components/ui/Section";
import { Switch } from "@/components/ui/Switch";
import { getErrorIssueMessages, getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { CanaryActions, useCanaryRefresh } from "../analytics/CanaryActions";

/**
 * Canary releases (docs/publishing.md): publish the draft to a share of new chats, then change the share,
 * promote it or roll it back. The numbers are on the Results page.
 */
export function CanarySection({
  botId,
  canEdit,
  isPublished,
  resultsHref,
}: {
  botId: string;
  canEdit: boolean;
  isPublished: boolean;
  resultsHref: string;
}) {
  const t = useTranslations("Canary");
  const dates = useDateFormat();
  const trpc = useTRPC();
  const canary = useQuery(trpc.publishing.getCanaryRelease.queryOptions({ botId }));
  const [isPublishing, setIsPublishing] = useState(false);
  const [share, setShare] = useState<number | null>(null);
  const refresh = useCanaryRefresh();
  const change = useMutation(
    trpc.publishing.updateCanaryRelease.mutationOptions({
      onSuccess: async (response) => {
        toast.success(t("shareChanged", { percent: response.canary.percent }));
        setShare(null);
        await refresh();
      },
      onError: (error) => toast.error(t("shareFailed", { reason: getErrorMessage(error) })),
    }),
  );
  if (canary.isError) return <ErrorState error={canary.error} onRetry={() => canary.refetch()} />;
  const running = canary.data?.canary ?? null;
  return (
    <Section id="canary" title={t("title")} description={t("description")}>
      {running ? (
        <div className="flex flex-col gap-4" data-testid="canary-running">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{t("badge")}</Badge>
            <span>
              {t.rich("running", {
                version: running.version,
                percent: running.percent,
                currentVersion: running.currentVersion,
                when: dates.relative(running.startedAt),
                strong: (chunks) => <strong>{chunks}</strong>,
                time: (chunks) => (
                  <time dateTime={running.startedAt} title={dates.dateTime(running.startedAt)}>
                    {chunks}
                  </time>
                ),
              })}
            </span>
          </p>
          <p className="text-[13px] text-muted">
            {running.autoRollback
              ? t("autoRollback", {
                  points: running.autoRollback.maxDropPoints,
                  currentVersion: running.currentVersion,
                  chats: running.autoRollback.minStarts,
                })
              : t("noAutoRollback")}{" "}
            <a className="text-brand-700 underline" href={resultsHref}>
              {t("compare")}
            </a>
          </p>
          {canEdit ? (
            <div className="flex flex-wrap items-end justify-between gap-3">
              <form
                className="flex items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (share !== null) change.mutate({ botId, percent: share });
                }}
              >
                <NumberField
                  label={t("share")}
                  value={share ?? running.percent}
                  onChange={setShare}
                  min={1}
                  max={99}
                  unit="%"
                  className="w-40"
                />
                <Button
                  type="submit"
                  size="sm"
                  disabled={share === null || share === running.percent || change.isPending}
                >
                  {t("changeShare")}
                </Button>
              </form>
              <CanaryActions botId={botId} version={running.version} />
            </div>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-muted">{isPublished ? t("none") : t("publishFirst")}</span>
          {canEdit && isPublished ? (
            <Button onClick={() => setIsPublishing(true)}>
              <FlaskConical size={14} aria-hidden />
              {t("publishAsCanaryEllipsis")}
            </Button>
          ) : null}
        </div>
      )}
      {isPublishing ? <PublishCanaryDialog botId={botId} onClose={() => setIsPublishing(false)} /> : null}
    </Section>
  );
}

function PublishCanaryDialog({ botId, onClose }: { botId: string; onClose: () => void }) {
  const t = useTranslations("Canary");
  const trpc = useTRPC();
  const refresh = useCanaryRefresh();
  const [percent, setPercent] = useState(10);
  const [hasRule, setHasRule] = useState(true);
  const [maxDropPoints, setMaxDropPoints] = useState(5);
  const [minStarts, setMinStarts] = useState(200);
  const [refusals, setRefusals] = useState<string[]>([]);
  const publish = useMutation(
    trpc.publishing.publishBot.mutationOptions({
      onSuccess: async () => {
        toast.success(t("published", { percent }));
        onClose();
        await refresh();
      },
      onError: (error) => {
        setRefusals(getErrorIssueMessages(error));
        toast.error(t("publishFailed", { reason: getErrorMessage(error) }));
      },
    }),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("publishAsCanary")}
      description={t("dialogDescription")}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          publish.mutate({
            botId,
            canary: { percent, ...(hasRule ? { autoRollback: { maxDropPoints, minStarts } } : {}) },
          });
        }}
      >
        <NumberField label={t("share")} value={percent} onChange={setPercent} min={1} max={99} unit="%" />
        <Switch
          label={t("autoRollbackLabel")}
          hint={t("autoRollbackHint")}
          checked={hasRule}
          onCheckedChange={setHasRule}
        />
        {hasRule ? (
          <div className="grid grid-cols-2 gap-3">
            <NumberField
              label={t("maxDrop")}
              value={maxDropPoints}
              onChange={setMaxDropPoints}
              min={0.1}
              max={100}
              step={0.1}
              unit={t("points")}
            />
            <NumberField
              label={t("minStarts")}
              value={minStarts}
              onChange={setMinStarts}
              min={10}
              max={1_000_000}
              unit={t("chats")}
            />
          </div>
        ) : null}
        {refusals.length > 0 ? (
          <ul
            role="alert"
            className="list-disc rounded-lg border border-danger-600/30 bg-danger-50 p-3 pl-8 text-[13px]"
          >
            {refusals.map((message, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole
              <li key={index}>{message}</li>
            ))}
          </ul>
        ) : null}
        <FormActions
          onCancel={onClose}
          submitLabel={t("publishAsCanary")}
          pendingLabel={t("publishing")}
          isPending={publish.isPending}
        />
      </form>
    </Dialog>
  );
}
