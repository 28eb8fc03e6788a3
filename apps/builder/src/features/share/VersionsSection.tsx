"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
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
  const t = useTranslations("Versions");
  const dates = useDateFormat();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState<VersionSummary | null>(null);
  const [comparing, setComparing] = useState<VersionPair | null>(null);
  const live = versions.find((version) => version.isCurrent);
  const restore = useMutation(
    trpc.publishing.restoreBotVersion.mutationOptions({
      onSuccess: async () => {
        toast.success(t("restored", { version: restoring?.version ?? "" }));
        setRestoring(null);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.publishing.pathKey() }),
        ]);
        router.refresh();
      },
      onError: (error) => toast.error(t("restoreFailed", { reason: getErrorMessage(error) })),
    }),
  );
  return (
    <Section id="versions" title={t("title")} description={t("description")}>
      {live ? (
        <div>
          <Button size="sm" onClick={() => setComparing({ from: String(live.version), to: "draft" })}>
            {t("draftChanges", { version: live.version })}
          </Button>
        </div>
      ) : null}
      {versions.length === 0 ? (
        <EmptyState icon={<History size={28} />} title={t("emptyTitle")}>
          <p>{t("empty")}</p>
        </EmptyState>
      ) : (
        <ol className="flex flex-col divide-y divide-line" aria-label={t("list")}>
          {versions.map((version) => (
            <li key={version.id} className="flex flex-wrap items-center gap-3 py-2.5">
              <span className="w-10 font-semibold tabular-nums">v{version.version}</span>
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate">
                  <time dateTime={version.createdAt} title={dates.dateTime(version.createdAt)}>
                    {dates.relative(version.createdAt)}
                  </time>
                  {version.author ? (
                    <span className="text-muted">
                      {" "}
                      {t("by", { author: version.author.name || version.author.email })}
                    </span>
                  ) : null}
                </span>
                <span className="truncate text-[13px] text-muted">{version.name}</span>
              </div>
              {version.isCurrent ? <Badge tone="success">{t("live")}</Badge> : null}
              {version.version > 1 ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    setComparing({ from: String(version.version - 1), to: String(version.version) })
                  }
                  aria-label={t("changesIn", { version: version.version })}
                >
                  {t("changes")}
                </Button>
              ) : null}
              {canEdit ? (
                <Button
                  size="sm"
                  onClick={() => setRestoring(version)}
                  aria-label={t("restoreVersion", { version: version.version })}
                >
                  {t("restore")}
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
        title={t("restoreTitle", { version: restoring?.version ?? "" })}
        description={t("restoreDescription")}
        confirmLabel={t("restoreConfirm")}
        isDanger={false}
        isPending={restore.isPending}
        onConfirm={() => restoring && restore.mutate({ botId, version: String(restoring.version) })}
      />
    </Section>
  );
}
