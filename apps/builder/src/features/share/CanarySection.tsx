"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { FormActions } from "@/components/ui/DialogForm";
import { ErrorState } from "@/components/ui/ErrorState";
import { NumberField } from "@/components/ui/NumberField";
import { Section } from "@/components/ui/Section";
import { Switch } from "@/components/ui/Switch";
import { getErrorIssueMessages, getErrorMessage } from "@/lib/errorMessage";
import { formatDateTime, formatRelativeTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
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
  const trpc = useTRPC();
  const canary = useQuery(trpc.publishing.getCanaryRelease.queryOptions({ botId }));
  const [isPublishing, setIsPublishing] = useState(false);
  const [share, setShare] = useState<number | null>(null);
  const refresh = useCanaryRefresh();
  const change = useMutation(
    trpc.publishing.updateCanaryRelease.mutationOptions({
      onSuccess: async (response) => {
        toast.success(`The canary now takes ${response.canary.percent} % of new chats`);
        setShare(null);
        await refresh();
      },
      onError: (error) => toast.error(`Could not change the share: ${getErrorMessage(error)}`),
    }),
  );
  if (canary.isError) return <ErrorState error={canary.error} onRetry={() => canary.refetch()} />;
  const running = canary.data?.canary ?? null;
  return (
    <Section
      id="canary"
      title="Canary release"
      description="Publish the draft to a share of new chats first, compare it with the current version, then promote it or roll it back. Each chat keeps the version it started on."
    >
      {running ? (
        <div className="flex flex-col gap-4" data-testid="canary-running">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">Canary</Badge>
            <span>
              Version {running.version} takes <strong>{running.percent} %</strong> of new chats; the others
              start on version {running.currentVersion}. Started{" "}
              <time dateTime={running.startedAt} title={formatDateTime(running.startedAt)}>
                {formatRelativeTime(running.startedAt)}
              </time>
              .
            </span>
          </p>
          <p className="text-[13px] text-muted">
            {running.autoRollback
              ? `Rolled back automatically if its completion rate falls more than ${running.autoRollback.maxDropPoints} points below version ${running.currentVersion}'s, once it has ${running.autoRollback.minStarts} chats.`
              : "No automatic rollback."}{" "}
            <a className="text-brand-700 underline" href={resultsHref}>
              Compare the versions
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
                  label="Share of new chats"
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
                  Change share
                </Button>
              </form>
              <CanaryActions botId={botId} version={running.version} />
            </div>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-muted">
            {isPublished
              ? "No canary running: every new chat starts on the current version."
              : "Publish the bot first: a canary is compared with a current version."}
          </span>
          {canEdit && isPublished ? (
            <Button onClick={() => setIsPublishing(true)}>
              <FlaskConical size={14} aria-hidden />
              Publish as a canary…
            </Button>
          ) : null}
        </div>
      )}
      {isPublishing ? <PublishCanaryDialog botId={botId} onClose={() => setIsPublishing(false)} /> : null}
    </Section>
  );
}

function PublishCanaryDialog({ botId, onClose }: { botId: string; onClose: () => void }) {
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
        toast.success(`Published as a canary to ${percent} % of new chats`);
        onClose();
        await refresh();
      },
      onError: (error) => {
        setRefusals(getErrorIssueMessages(error));
        toast.error(`Could not publish: ${getErrorMessage(error)}`);
      },
    }),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Publish as a canary"
      description="The draft becomes a new version that this share of new chats starts on; the others stay on the current version."
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
        <NumberField
          label="Share of new chats"
          value={percent}
          onChange={setPercent}
          min={1}
          max={99}
          unit="%"
        />
        <Switch
          label="Roll back automatically"
          hint="Checked every minute against the current version's completion rate."
          checked={hasRule}
          onCheckedChange={setHasRule}
        />
        {hasRule ? (
          <div className="grid grid-cols-2 gap-3">
            <NumberField
              label="If completion is lower by more than"
              value={maxDropPoints}
              onChange={setMaxDropPoints}
              min={0.1}
              max={100}
              step={0.5}
              unit="points"
            />
            <NumberField
              label="Once the canary has"
              value={minStarts}
              onChange={setMinStarts}
              min={10}
              max={1_000_000}
              unit="chats"
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
          submitLabel="Publish as a canary"
          pendingLabel="Publishing…"
          isPending={publish.isPending}
        />
      </form>
    </Dialog>
  );
}
