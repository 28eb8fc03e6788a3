"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDateTime, formatRelativeTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
import { VersionDiffSheet, type VersionPair } from "./VersionDiffSheet";

export interface VersionSummary {
  id: string;
  version: number;
  name: string;
  createdAt: string;
  author: { name: string | null; email: string } | null;
  isCurrent: boolean;
}

/**
 * Every published version, newest first, each with what it changed from the one before; the draft's changes
 * since the live version; restoring one copies it into the draft.
 */
export function VersionsSection({
  botId,
  versions,
  canEdit,
}: {
  botId: string;
  versions: VersionSummary[];
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState<VersionSummary | null>(null);
  const [comparing, setComparing] = useState<VersionPair | null>(null);
  const live = versions.find((version) => version.isCurrent);
  const restore = useMutation(
    trpc.publishing.restoreBotVersion.mutationOptions({
      onSuccess: async () => {
        toast.success(`Version ${restoring?.version} restored into the draft`);
        setRestoring(null);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.publishing.pathKey() }),
        ]);
        router.refresh();
      },
      onError: (error) => toast.error(`Could not restore: ${getErrorMessage(error)}`),
    }),
  );
  return (
    <Section id="versions" title="Version history" description="A version is kept each time you publish.">
      {live ? (
        <div>
          <Button size="sm" onClick={() => setComparing({ from: String(live.version), to: "draft" })}>
            Changes in the draft since v{live.version}
          </Button>
        </div>
      ) : null}
      {versions.length === 0 ? (
        <EmptyState icon={<History size={28} />} title="No versions yet">
          <p>Publish the bot to record its first version.</p>
        </EmptyState>
      ) : (
        <ol className="flex flex-col divide-y divide-line" aria-label="Published versions">
          {versions.map((version) => (
            <li key={version.id} className="flex flex-wrap items-center gap-3 py-2.5">
              <span className="w-10 font-semibold tabular-nums">v{version.version}</span>
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate">
                  <time dateTime={version.createdAt} title={formatDateTime(version.createdAt)}>
                    {formatRelativeTime(version.createdAt)}
                  </time>
                  {version.author ? (
                    <span className="text-muted"> by {version.author.name || version.author.email}</span>
                  ) : null}
                </span>
                <span className="truncate text-[13px] text-muted">{version.name}</span>
              </div>
              {version.isCurrent ? <Badge tone="success">Live</Badge> : null}
              {version.version > 1 ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    setComparing({ from: String(version.version - 1), to: String(version.version) })
                  }
                  aria-label={`Changes in version ${version.version}`}
                >
                  Changes
                </Button>
              ) : null}
              {canEdit ? (
                <Button
                  size="sm"
                  onClick={() => setRestoring(version)}
                  aria-label={`Restore version ${version.version}`}
                >
                  Restore
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <VersionDiffSheet botId={botId} pair={comparing} onClose={() => setComparing(null)} />
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={`Restore version ${restoring?.version ?? ""}?`}
        description="The draft is replaced by this version's flow, theme and settings. Chats keep running on the published version until you publish again."
        confirmLabel="Restore into the draft"
        isDanger={false}
        isPending={restore.isPending}
        onConfirm={() => restoring && restore.mutate({ botId, version: String(restoring.version) })}
      />
    </Section>
  );
}
