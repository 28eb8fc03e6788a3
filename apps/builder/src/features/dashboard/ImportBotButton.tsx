"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { type ChangeEvent, useRef } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/** Imports a bot from a JSON file: this product's export or a Typebot export (v5, v6, v6.1). */
export function ImportBotButton({ workspaceId, folderId }: { workspaceId: string; folderId: string | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const importBot = useMutation(
    trpc.bots.importBot.mutationOptions({
      onSuccess: async ({ bot, warnings }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() });
        toast.success(`“${bot.name}” imported`, {
          description: warnings.length > 0 ? warnings.map((warning) => warning.message).join(" ") : undefined,
          action: { label: "Open", onClick: () => router.push(`/bots/${bot.id}/edit`) },
        });
      },
      onError: (error) => toast.error(`Could not import the file: ${getErrorMessage(error)}`),
    }),
  );

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch {
      toast.error(`${file.name} is not a JSON file`);
      return;
    }
    importBot.mutate({ workspaceId, folderId, bot: content });
  }

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-label="Bot JSON file to import"
        data-testid="import-bot-file"
        onChange={readFile}
      />
      <Button onClick={() => inputRef.current?.click()} disabled={importBot.isPending}>
        <Upload size={14} aria-hidden />
        {importBot.isPending ? "Importing…" : "Import"}
      </Button>
    </>
  );
}
