"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDate } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";

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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const rotate = useMutation(
    trpc.publishing.rotateChatKey.mutationOptions({
      onSuccess: async () => {
        setIsConfirming(false);
        toast.success("New chat key issued: update the embed code on your websites");
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.publishing.pathKey() }),
        ]);
      },
      onError: (error) => toast.error(`Could not rotate the key: ${getErrorMessage(error)}`),
    }),
  );
  return (
    <Section
      id="chat-key"
      title="Chat key"
      description="Public by design: it only lets visitors chat with this bot. Rotate it if it is abused."
      actions={
        canEdit && chatKey ? (
          <Button size="sm" onClick={() => setIsConfirming(true)}>
            <RefreshCw size={14} aria-hidden />
            Rotate
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
          <CopyButton value={chatKey.key} copiedMessage="Chat key copied" />
          <span className="w-full text-[13px] text-muted">Issued {formatDate(chatKey.createdAt)}</span>
        </div>
      ) : (
        <p className="text-muted">The key is issued on the first publish.</p>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Rotate the chat key?"
        description="The current key stops working at once: embeds using it stop answering until you paste the new code. The share page keeps working."
        confirmLabel="Rotate key"
        isPending={rotate.isPending}
        onConfirm={() => rotate.mutate({ botId })}
      />
    </Section>
  );
}
