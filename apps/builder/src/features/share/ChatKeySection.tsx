"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";

/** The bot's public chat key (in embed code and the share page) and its rotation. */
export function ChatKeySection({
  botId,
  chatKey,
  canEdit,
}: {
  botId: string;
  chatKey: { key: string; createdAt: string } | null;
  canEdit: boolean;
}) {
  const t = useTranslations("ChatKey");
  const dates = useDateFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const rotate = useMutation(
    trpc.publishing.rotateChatKey.mutationOptions({
      onSuccess: async () => {
        setIsConfirming(false);
        toast.success(t("rotated"));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.publishing.pathKey() }),
        ]);
      },
      onError: (error) => toast.error(t("rotateFailed", { reason: getErrorMessage(error) })),
    }),
  );
  return (
    <Section
      id="chat-key"
      title={t("title")}
      description={t("description")}
      actions={
        canEdit && chatKey ? (
          <Button size="sm" onClick={() => setIsConfirming(true)}>
            <RefreshCw size={14} aria-hidden />
            {t("rotate")}
          </Button>
        ) : undefined
      }
    >
      {chatKey ? (
        <div className="flex flex-wrap items-center gap-2">
          <code
            className="min-w-0 flex-1 truncate rounded-lg border border-line bg-subtle px-3 py-2 font-mono text-[13px]"
            data-testid="chat-key"
          >
            {chatKey.key}
          </code>
          <CopyButton value={chatKey.key} copiedMessage={t("copied")} />
          <span className="w-full text-[13px] text-muted">
            {t("issued", { date: dates.date(chatKey.createdAt) })}
          </span>
        </div>
      ) : (
        <p className="text-muted">{t("notYet")}</p>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t("confirmTitle")}
        description={t("confirmDescription")}
        confirmLabel={t("confirm")}
        isPending={rotate.isPending}
        onConfirm={() => rotate.mutate({ botId })}
      />
    </Section>
  );
}
