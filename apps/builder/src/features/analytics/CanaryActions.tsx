"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowUpToLine, Undo2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/** Refreshes what a canary's change shows: the canary, the versions, the analytics, the bot. */
export function useCanaryRefresh() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.publishing.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.analytics.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() }),
    ]);
    router.refresh();
  };
}

/** Promote the running canary to every new chat, or roll it back: one click each (both audited). */
export function CanaryActions({ botId, version }: { botId: string; version: number }) {
  const t = useTranslations("Canary");
  const trpc = useTRPC();
  const refresh = useCanaryRefresh();
  const promote = useMutation(
    trpc.publishing.promoteCanaryRelease.mutationOptions({
      onSuccess: async () => {
        toast.success(t("promoted", { version }));
        await refresh();
      },
      onError: (error) => toast.error(t("promoteFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const rollBack = useMutation(
    trpc.publishing.rollBackCanaryRelease.mutationOptions({
      onSuccess: async () => {
        toast.success(t("rolledBack", { version }));
        await refresh();
      },
      onError: (error) => toast.error(t("rollBackFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const isPending = promote.isPending || rollBack.isPending;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="primary" size="sm" disabled={isPending} onClick={() => promote.mutate({ botId })}>
        <ArrowUpToLine size={14} aria-hidden />
        {t("promote")}
      </Button>
      <Button size="sm" disabled={isPending} onClick={() => rollBack.mutate({ botId })}>
        <Undo2 size={14} aria-hidden />
        {t("rollBack")}
      </Button>
    </div>
  );
}
