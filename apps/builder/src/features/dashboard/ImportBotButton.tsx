"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { type ChangeEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { type ImportedBotWarnings, ImportWarningsDialog } from "./ImportWarningsDialog";

/**
 * Imports bots from JSON files: this product's exports or Typebot's (versions 3 to 6.1). Several
 * files, or a file holding a list of exports, are imported together so links between them hold.
 * What the import changed is listed in a dialog right after.
 */
export function ImportBotButton({ workspaceId, folderId }: { workspaceId: string; folderId: string | null }) {
  const t = useTranslations("ImportBots");
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [imported, setImported] = useState<ImportedBotWarnings[] | null>(null);
  const openBot = (botId: string) => router.push(`/bots/${botId}/edit`);

  async function onImported(entries: ImportedBotWarnings[]) {
    await queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() });
    const [first] = entries;
    if (entries.length === 1 && first)
      toast.success(t("imported", { name: first.bot.name }), {
        action: { label: t("open"), onClick: () => openBot(first.bot.id) },
      });
    else toast.success(t("importedMany", { count: entries.length }));
    setImported(entries);
  }
  const onError = (error: unknown) => toast.error(t("failed", { reason: getErrorMessage(error) }));
  const importBot = useMutation(
    trpc.bots.importBot.mutationOptions({ onSuccess: (entry) => onImported([entry]), onError }),
  );
  const importBots = useMutation(
    trpc.bots.importBots.mutationOptions({ onSuccess: ({ bots }) => onImported(bots), onError }),
  );
  const isPending = importBot.isPending || importBots.isPending;

  async function readFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    const exports: unknown[] = [];
    for (const file of files) {
      try {
        const content: unknown = JSON.parse(await file.text());
        exports.push(...(Array.isArray(content) ? content : [content]));
      } catch {
        toast.error(t("notJson", { file: file.name }));
        return;
      }
    }
    if (exports.length === 1) importBot.mutate({ workspaceId, folderId, bot: exports[0] });
    else if (exports.length > 1) importBots.mutate({ workspaceId, folderId, bots: exports });
  }

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="application/json,.json"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={t("files")}
        data-testid="import-bot-file"
        onChange={readFiles}
      />
      <Button onClick={() => inputRef.current?.click()} disabled={isPending}>
        <Upload size={14} aria-hidden />
        {isPending ? t("importing") : t("import")}
      </Button>
      <ImportWarningsDialog imported={imported} onClose={() => setImported(null)} onOpen={openBot} />
    </>
  );
}
