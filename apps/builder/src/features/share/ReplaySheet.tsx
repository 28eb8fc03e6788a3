"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Play } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { ErrorState } from "@/components/ui/ErrorState";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Sheet } from "@/components/ui/Sheet";
import { Spinner } from "@/components/ui/Spinner";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBlockLabel } from "../editor/catalogue/useBlockLabel";

type Verdict = "samePath" | "otherPath" | "refused" | "error" | "notReplayable";
const verdicts: Verdict[] = ["samePath", "otherPath", "refused", "error", "notReplayable"];
const getVerdictLabels = (t: InterfaceTranslator<"Replay">): Record<Verdict, string> => ({
  samePath: t("samePath"),
  otherPath: t("otherPath"),
  refused: t("refused"),
  error: t("error"),
  notReplayable: t("notReplayable"),
});
const verdictTones = {
  samePath: "success",
  otherPath: "warning",
  refused: "danger",
  error: "danger",
  notReplayable: "neutral",
} as const;
const limits = ["100", "500", "1000"] as const;

interface TranscriptLine {
  role: "bot" | "user";
  blockId: string;
  text: string;
}

/**
 * "What would change?": replays the bot's last real conversations through the draft (docs/replay.md), shows the
 * progress, the conversations that change grouped by verdict and block, and one conversation's stored transcript
 * beside the draft's.
 */
export function ReplaySheet({
  botId,
  open,
  canEdit,
  onClose,
}: {
  botId: string;
  open: boolean;
  canEdit: boolean;
  onClose: () => void;
}) {
  const t = useTranslations("Replay");
  const verdictLabels = getVerdictLabels(t);
  const blockLabel = useBlockLabel();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState<(typeof limits)[number]>("100");
  const [replayId, setReplayId] = useState<string | null>(null);
  const [groupKey, setGroupKey] = useState<string | null>(null);
  const [resultId, setResultId] = useState<string | null>(null);
  const replay = useQuery(
    trpc.replays.getBotReplay.queryOptions(
      { botId, replayId: replayId ?? "" },
      {
        enabled: open && replayId !== null,
        refetchInterval: (query) => {
          const status = query.state.data?.replay.status;
          return status === "queued" || status === "running" ? 1000 : false;
        },
      },
    ),
  );
  const start = useMutation(
    trpc.replays.startBotReplay.mutationOptions({
      onSuccess: (response) => {
        setGroupKey(null);
        setResultId(null);
        queryClient.setQueryData(
          trpc.replays.getBotReplay.queryKey({ botId, replayId: response.replay.id }),
          response,
        );
        setReplayId(response.replay.id);
      },
      onError: (error) => toast.error(t("failed", { reason: getErrorMessage(error) })),
    }),
  );
  const data = replay.data?.replay;
  const isRunning = data?.status === "queued" || data?.status === "running";
  const group = data?.groups.find((candidate) => `${candidate.status}:${candidate.blockId}` === groupKey);
  const conversation = data?.conversations.find((candidate) => candidate.resultId === resultId);

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !next && onClose()}
      wide
      title={t("title")}
      description={t("description")}
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-[280px] flex-1">
            <SegmentedControl
              label={t("conversations")}
              value={limit}
              options={limits.map((value) => ({ value, label: t("last", { count: Number(value) }) }))}
              onChange={setLimit}
            />
          </div>
          <Button
            variant="primary"
            onClick={() => start.mutate({ botId, limit: Number(limit) })}
            disabled={!canEdit || start.isPending || isRunning}
          >
            <Play size={14} aria-hidden />
            {start.isPending || isRunning ? t("replaying") : t("replay")}
          </Button>
        </div>
        {!canEdit ? <p className="text-muted">{t("editorsOnly")}</p> : null}
        {replay.isError ? <ErrorState error={replay.error} onRetry={() => replay.refetch()} /> : null}
        {data ? (
          <>
            {isRunning || data.status === "failed" ? (
              <ReplayProgress
                status={data.status}
                processed={data.processed}
                total={data.total}
                error={data.error}
              />
            ) : null}
            {data.status === "done" ? (
              <p className="text-[13px] text-muted" data-testid="replay-done">
                {data.stoppedEarly
                  ? t("doneEarly", { processed: data.processed, total: data.total })
                  : t("done", { processed: data.processed, total: data.total })}
              </p>
            ) : null}
            <ul className="flex flex-wrap gap-2" aria-label={t("summary")}>
              {verdicts.map((verdict) => (
                <li key={verdict}>
                  <Badge tone={data.summary[verdict] ? verdictTones[verdict] : "neutral"}>
                    {t("verdictCount", {
                      verdict: verdictLabels[verdict],
                      count: data.summary[verdict] ?? 0,
                    })}
                  </Badge>
                </li>
              ))}
            </ul>
            {conversation ? (
              <SideBySide
                botId={botId}
                resultId={conversation.resultId}
                draftTranscript={conversation.draftTranscript}
                isSamePath={conversation.status === "samePath"}
                onBack={() => setResultId(null)}
              />
            ) : group ? (
              <section aria-labelledby="replay-group-title" className="flex flex-col gap-2">
                <button
                  type="button"
                  className="flex items-center gap-1 self-start text-[13px] text-brand-700 hover:underline"
                  onClick={() => setGroupKey(null)}
                >
                  <ArrowLeft size={14} aria-hidden /> {t("allChanges")}
                </button>
                <h3 id="replay-group-title" className="font-semibold">
                  {describeGroup(group, t, blockLabel)}
                </h3>
                <ul className="flex flex-col gap-1" data-testid="replay-conversations">
                  {data.conversations
                    .filter((row) => group.resultIds.includes(row.resultId))
                    .map((row) => (
                      <li key={row.resultId}>
                        <button
                          type="button"
                          className="w-full rounded-md px-2 py-1.5 text-left hover:bg-subtle"
                          onClick={() => setResultId(row.resultId)}
                        >
                          <span className="font-mono text-[12px]">{row.resultId}</span>
                          {row.detail ? <span className="text-muted"> — {row.detail}</span> : null}
                        </button>
                      </li>
                    ))}
                </ul>
              </section>
            ) : data.groups.length > 0 ? (
              <section aria-labelledby="replay-groups-title" className="flex flex-col gap-2">
                <h3
                  id="replay-groups-title"
                  className="text-[13px] font-semibold tracking-wide text-muted uppercase"
                >
                  {t("byBlock")}
                </h3>
                <ul className="flex flex-col gap-1.5" data-testid="replay-groups">
                  {data.groups.map((row) => (
                    <li key={`${row.status}:${row.blockId}`}>
                      <button
                        type="button"
                        className="flex w-full items-center gap-2 rounded-md border border-line px-3 py-2 text-left hover:bg-subtle"
                        onClick={() => setGroupKey(`${row.status}:${row.blockId}`)}
                      >
                        <Badge tone={verdictTones[row.status]}>{verdictLabels[row.status]}</Badge>
                        <span className="min-w-0 flex-1 truncate">{describeGroup(row, t, blockLabel)}</span>
                        <span className="text-muted">{t("conversationCount", { count: row.count })}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : data.status === "done" && data.total > 0 ? (
              <p>{t("allSame")}</p>
            ) : data.status === "done" ? (
              <p className="text-muted">{t("nothingToReplay")}</p>
            ) : null}
          </>
        ) : replayId && replay.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={t("loading")} />
          </div>
        ) : null}
      </div>
    </Sheet>
  );
}

function ReplayProgress({
  status,
  processed,
  total,
  error,
}: {
  status: string;
  processed: number;
  total: number;
  error: string | null;
}) {
  const t = useTranslations("Replay");
  if (status === "failed")
    return (
      <p role="alert" className="text-danger-600">
        {error ? t("replayFailedWith", { reason: error }) : t("replayFailed")}
      </p>
    );
  const percent = total > 0 ? Math.round((processed / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-[13px]">
        {status === "queued" ? t("waiting") : t("progress", { processed, total })}
      </span>
      <div
        role="progressbar"
        aria-label={t("progressLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-subtle"
      >
        <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function describeGroup(
  group: {
    status: Verdict;
    blockId: string | null;
    groupTitle: string | null;
    blockType: string | null;
  },
  t: InterfaceTranslator<"Replay">,
  blockLabel: (type: string) => string,
) {
  const where = group.groupTitle
    ? group.blockType
      ? t("whereBlockInGroup", { block: blockLabel(group.blockType), group: group.groupTitle })
      : t("whereSomeBlockInGroup", { group: group.groupTitle })
    : group.blockId
      ? t("whereBlockId", { id: group.blockId })
      : t("whereStart");
  switch (group.status) {
    case "otherPath":
      return t("describeOtherPath", { where });
    case "refused":
      return t("describeRefused", { where });
    case "error":
      return t("describeError", { where });
    case "notReplayable":
      return group.blockId ? t("describeNotReplayable", { where }) : t("versionGone");
    default:
      return where;
  }
}

/** The stored conversation beside what the draft would say with the same answers. */
function SideBySide({
  botId,
  resultId,
  draftTranscript,
  isSamePath,
  onBack,
}: {
  botId: string;
  resultId: string;
  draftTranscript: TranscriptLine[];
  isSamePath: boolean;
  onBack: () => void;
}) {
  const t = useTranslations("Replay");
  const trpc = useTRPC();
  const stored = useQuery(trpc.results.getResult.queryOptions({ botId, resultId }));
  return (
    <section aria-label={t("sideBySide")} className="flex flex-col gap-3">
      <button
        type="button"
        className="flex items-center gap-1 self-start text-[13px] text-brand-700 hover:underline"
        onClick={onBack}
      >
        <ArrowLeft size={14} aria-hidden /> {t("backToList")}
      </button>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <h3 className="text-[13px] font-semibold tracking-wide text-muted uppercase">
            {t("asItHappened")}
          </h3>
          {stored.isPending ? (
            <Spinner label={t("loadingConversation")} />
          ) : stored.isError ? (
            <ErrorState error={stored.error} onRetry={() => stored.refetch()} />
          ) : (
            <Transcript lines={stored.data.result.transcript} testId="replay-stored" />
          )}
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-[13px] font-semibold tracking-wide text-muted uppercase">{t("withDraft")}</h3>
          {isSamePath ? (
            <p className="text-muted">{t("samePathNote")}</p>
          ) : (
            <Transcript lines={draftTranscript} testId="replay-draft" />
          )}
        </div>
      </div>
    </section>
  );
}

function Transcript({ lines, testId }: { lines: TranscriptLine[]; testId: string }) {
  const t = useTranslations("Replay");
  if (lines.length === 0) return <p className="text-muted">{t("nothingSaid")}</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid={testId}>
      {lines.map((entry, index) => (
        <li
          // A transcript is an immutable log: position is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className={cn(
            "max-w-[85%] rounded-2xl px-3 py-2 whitespace-pre-wrap break-words",
            entry.role === "bot"
              ? "self-start rounded-bl-md bg-subtle"
              : "self-end rounded-br-md bg-brand-600 text-white",
          )}
        >
          <span className="sr-only">{entry.role === "bot" ? t("botSaid") : t("userSaid")} </span>
          {entry.text}
        </li>
      ))}
    </ol>
  );
}
