"use client";

import type { PublishWarning } from "@parley/schemas/management/bots";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CloudUpload, FlaskConical, History, OctagonAlert, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Dialog } from "@/components/ui/Dialog";
import { Section } from "@/components/ui/Section";
import { getErrorIssues, getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { ReplaySheet } from "./ReplaySheet";

export interface PublishState {
  isPublished: boolean;
  /** When the version chats run on was published. */
  publishedAt: string | null;
  /** The draft changed after that publish. */
  hasUnpublishedChanges: boolean;
}

/**
 * Publish the draft (showing the API's warnings), or take the bot offline. A publish refused by failing bot tests
 * opens a dialog listing them, where a workspace ADMIN may publish anyway (recorded in the audit log).
 */
export function PublishSection({
  botId,
  state,
  canEdit,
  isAdmin,
}: {
  botId: string;
  state: PublishState;
  canEdit: boolean;
  isAdmin: boolean;
}) {
  const t = useTranslations("Publish");
  const dates = useDateFormat();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [warnings, setWarnings] = useState<PublishWarning[]>([]);
  // Why the last publish was refused (the flow checker's errors, one per block to fix).
  const [refusals, setRefusals] = useState<string[]>([]);
  // The failing bot tests that refused the last publish (one message per test: its first difference).
  const [failingTests, setFailingTests] = useState<string[]>([]);
  const [isConfirmingUnpublish, setIsConfirmingUnpublish] = useState(false);
  const [isReplayOpen, setIsReplayOpen] = useState(false);
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.publishing.pathKey() }),
    ]);
    router.refresh();
  };
  const publish = useMutation(
    trpc.publishing.publishBot.mutationOptions({
      onSuccess: async (response, input) => {
        setWarnings(response.warnings);
        setRefusals([]);
        setFailingTests([]);
        toast.success(
          input.overrideFailingTests
            ? t("publishedDespiteTests")
            : response.warnings.length > 0
              ? t("publishedWithWarnings")
              : t("publishedToast"),
        );
        await refresh();
      },
      onError: (error) => {
        const issues = getErrorIssues(error);
        const tests = issues.filter((issue) => issue.code === "BOT_TEST_FAILED");
        setFailingTests(tests.map((issue) => issue.message));
        setRefusals(issues.filter((issue) => issue.code !== "BOT_TEST_FAILED").map((issue) => issue.message));
        toast.error(
          tests.length > 0
            ? t("testsFail", { count: tests.length })
            : t("publishFailed", { reason: getErrorMessage(error) }),
        );
      },
    }),
  );
  const unpublish = useMutation(
    trpc.publishing.unpublishBot.mutationOptions({
      onSuccess: async () => {
        setIsConfirmingUnpublish(false);
        setWarnings([]);
        toast.success(t("unpublished"));
        await refresh();
      },
      onError: (error) => toast.error(t("unpublishFailed", { reason: getErrorMessage(error) })),
    }),
  );

  return (
    <Section id="publish" title={t("title")} description={t("description")}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          {state.isPublished ? (
            <>
              <CircleCheck size={18} className="text-success-600" aria-hidden />
              <span>
                {state.publishedAt
                  ? t.rich("publishedAgo", {
                      when: dates.relative(state.publishedAt),
                      time: (chunks) => (
                        <time
                          dateTime={state.publishedAt ?? ""}
                          title={dates.dateTime(state.publishedAt ?? "")}
                        >
                          {chunks}
                        </time>
                      ),
                    })
                  : t("published")}
              </span>
              {state.hasUnpublishedChanges ? <Badge tone="warning">{t("unpublishedChanges")}</Badge> : null}
            </>
          ) : (
            <>
              <Badge>{t("draft")}</Badge>
              <span className="text-muted">{t("notPublished")}</span>
            </>
          )}
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            {state.isPublished ? (
              <Button onClick={() => setIsReplayOpen(true)}>
                <History size={14} aria-hidden />
                {t("whatWouldChange")}
              </Button>
            ) : null}
            {state.isPublished ? (
              <Button onClick={() => setIsConfirmingUnpublish(true)} disabled={unpublish.isPending}>
                {t("unpublish")}
              </Button>
            ) : null}
            <Button
              variant="primary"
              onClick={() => publish.mutate({ botId })}
              disabled={publish.isPending || (state.isPublished && !state.hasUnpublishedChanges)}
            >
              <CloudUpload size={14} aria-hidden />
              {publish.isPending
                ? t("publishing")
                : !state.isPublished
                  ? t("publish")
                  : state.hasUnpublishedChanges
                    ? t("publishChanges")
                    : t("upToDate")}
            </Button>
          </div>
        ) : null}
      </div>
      {warnings.length > 0 ? (
        <div
          role="alert"
          className="flex flex-col gap-1 rounded-lg border border-warning-600/30 bg-warning-50 p-3"
        >
          <p className="flex items-center gap-1.5 font-medium text-warning-600">
            <TriangleAlert size={16} aria-hidden />
            {t("publishedWithCount", { count: warnings.length })}
          </p>
          <ul className="list-disc pl-6 text-[13px]">
            {warnings.map((warning) =>
              warning.type === "trademarkInfringement" ? (
                <li key={`${warning.type}-${warning.trademark}`}>
                  {t("trademark", { trademark: warning.trademark })}
                </li>
              ) : (
                <li key={`${warning.rule}-${warning.groupId}-${warning.blockId}-${warning.message}`}>
                  {t("markedOnCanvas", { message: warning.message })}
                </li>
              ),
            )}
          </ul>
        </div>
      ) : null}
      {refusals.length > 0 ? (
        <div
          role="alert"
          data-testid="publish-refused"
          className="flex flex-col gap-1 rounded-lg border border-danger-600/30 bg-danger-50 p-3"
        >
          <p className="flex items-center gap-1.5 font-medium text-danger-600">
            <OctagonAlert size={16} aria-hidden />
            {t("refused", { count: refusals.length })}
          </p>
          <ul className="list-disc pl-6 text-[13px]">
            {refusals.map((message, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole
              <li key={index}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ReplaySheet
        botId={botId}
        open={isReplayOpen}
        canEdit={canEdit}
        onClose={() => setIsReplayOpen(false)}
      />
      <Dialog
        open={failingTests.length > 0}
        onOpenChange={(open) => {
          if (!open) setFailingTests([]);
        }}
        title={t("testsFail", { count: failingTests.length })}
        description={t("testsDescription")}
        className="w-[min(92vw,560px)]"
        footer={
          <>
            <Link
              href={`/bots/${botId}/edit?panel=tests`}
              className="inline-flex h-9 items-center gap-2 rounded-lg border border-line px-4 font-medium hover:bg-subtle"
            >
              <FlaskConical size={14} aria-hidden /> {t("openTests")}
            </Link>
            {isAdmin ? (
              <Button
                variant="danger"
                disabled={publish.isPending}
                onClick={() => publish.mutate({ botId, overrideFailingTests: true })}
              >
                {publish.isPending ? t("publishing") : t("publishAnyway")}
              </Button>
            ) : null}
          </>
        }
      >
        <ul data-testid="publish-failing-tests" className="flex list-disc flex-col gap-1 pl-6 text-[13px]">
          {failingTests.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole
            <li key={index}>{message}</li>
          ))}
        </ul>
        <p className="text-[13px] text-muted">{isAdmin ? t("adminMayOverride") : t("askAdmin")}</p>
      </Dialog>
      <ConfirmDialog
        open={isConfirmingUnpublish}
        onOpenChange={setIsConfirmingUnpublish}
        title={t("unpublishTitle")}
        description={t("unpublishDescription")}
        confirmLabel={t("unpublish")}
        isPending={unpublish.isPending}
        onConfirm={() => unpublish.mutate({ botId })}
      />
    </Section>
  );
}
