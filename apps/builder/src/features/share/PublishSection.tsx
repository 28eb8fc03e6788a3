"use client";

import type { PublishWarning } from "@parley/schemas/management/bots";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CloudUpload, FlaskConical, History, OctagonAlert, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Dialog } from "@/components/ui/Dialog";
import { Section } from "@/components/ui/Section";
import { getErrorIssues, getErrorMessage } from "@/lib/errorMessage";
import { formatDateTime, formatRelativeTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
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
            ? "Published although tests fail"
            : response.warnings.length > 0
              ? "Published, with warnings"
              : "Published",
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
            ? `Not published: ${tests.length} ${tests.length === 1 ? "test fails" : "tests fail"}`
            : `Could not publish: ${getErrorMessage(error)}`,
        );
      },
    }),
  );
  const unpublish = useMutation(
    trpc.publishing.unpublishBot.mutationOptions({
      onSuccess: async () => {
        setIsConfirmingUnpublish(false);
        setWarnings([]);
        toast.success("Unpublished: the share page and embeds stopped answering");
        await refresh();
      },
      onError: (error) => toast.error(`Could not unpublish: ${getErrorMessage(error)}`),
    }),
  );

  return (
    <Section
      id="publish"
      title="Publish"
      description="Chats run on the published version; your edits stay in the draft until you publish again."
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          {state.isPublished ? (
            <>
              <CircleCheck size={18} className="text-success-600" aria-hidden />
              <span>
                Published{" "}
                {state.publishedAt ? (
                  <time dateTime={state.publishedAt} title={formatDateTime(state.publishedAt)}>
                    {formatRelativeTime(state.publishedAt)}
                  </time>
                ) : null}
              </span>
              {state.hasUnpublishedChanges ? <Badge tone="warning">Unpublished changes</Badge> : null}
            </>
          ) : (
            <>
              <Badge>Draft</Badge>
              <span className="text-muted">Not published: nobody can chat with it yet.</span>
            </>
          )}
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            {state.isPublished ? (
              <Button onClick={() => setIsReplayOpen(true)}>
                <History size={14} aria-hidden />
                What would change?
              </Button>
            ) : null}
            {state.isPublished ? (
              <Button onClick={() => setIsConfirmingUnpublish(true)} disabled={unpublish.isPending}>
                Unpublish
              </Button>
            ) : null}
            <Button
              variant="primary"
              onClick={() => publish.mutate({ botId })}
              disabled={publish.isPending || (state.isPublished && !state.hasUnpublishedChanges)}
            >
              <CloudUpload size={14} aria-hidden />
              {publish.isPending
                ? "Publishing…"
                : !state.isPublished
                  ? "Publish"
                  : state.hasUnpublishedChanges
                    ? "Publish changes"
                    : "Up to date"}
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
            Published with {warnings.length} warning{warnings.length === 1 ? "" : "s"}
          </p>
          <ul className="list-disc pl-6 text-[13px]">
            {warnings.map((warning) =>
              warning.type === "trademarkInfringement" ? (
                <li key={`${warning.type}-${warning.trademark}`}>
                  The bot mentions “{warning.trademark}”, a trademark. Impersonating a brand gets bots
                  suspended: make sure you are allowed to use it.
                </li>
              ) : (
                <li key={`${warning.rule}-${warning.groupId}-${warning.blockId}-${warning.message}`}>
                  {warning.message} (marked on the canvas)
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
            Not published: {refusals.length} problem{refusals.length === 1 ? "" : "s"} to fix in the flow
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
        title={`Not published: ${failingTests.length} ${failingTests.length === 1 ? "test fails" : "tests fail"}`}
        description="Publishing runs the bot's tests on the draft; each failing test shows its first difference."
        className="w-[min(92vw,560px)]"
        footer={
          <>
            <Link
              href={`/bots/${botId}/edit?panel=tests`}
              className="inline-flex h-9 items-center gap-2 rounded-lg border border-line px-4 font-medium hover:bg-subtle"
            >
              <FlaskConical size={14} aria-hidden /> Open the tests
            </Link>
            {isAdmin ? (
              <Button
                variant="danger"
                disabled={publish.isPending}
                onClick={() => publish.mutate({ botId, overrideFailingTests: true })}
              >
                {publish.isPending ? "Publishing…" : "Publish anyway"}
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
        <p className="text-[13px] text-muted">
          {isAdmin
            ? "As an admin of the workspace you may publish anyway; the audit log records it."
            : "Fix the bot or the tests, or ask an admin of the workspace to publish anyway."}
        </p>
      </Dialog>
      <ConfirmDialog
        open={isConfirmingUnpublish}
        onOpenChange={setIsConfirmingUnpublish}
        title="Unpublish this bot?"
        description="The share page and every embed stop answering at once. Results are kept; publish again any time."
        confirmLabel="Unpublish"
        isPending={unpublish.isPending}
        onConfirm={() => unpublish.mutate({ botId })}
      />
    </Section>
  );
}
