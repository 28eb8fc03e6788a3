"use client";

import type { KnowledgeSource } from "@parley/schemas/management/knowledge";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { Dialog } from "@/components/ui/Dialog";
import { FormActions } from "@/components/ui/DialogForm";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { FormError, TextSourceFields } from "./TextSourceFields";

/** Changes a text source's name and text; new text replaces its passages and is indexed again. */
export function EditTextSourceDialog({
  knowledgeBaseId,
  source,
  onClose,
  onSaved,
}: {
  knowledgeBaseId: string;
  source: KnowledgeSource;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const t = useTranslations("Knowledge");
  const trpc = useTRPC();
  const read = useQuery(
    trpc.knowledgeBases.getKnowledgeSource.queryOptions(
      { knowledgeBaseId, sourceId: source.id },
      { staleTime: 0, gcTime: 0 },
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("editTitle", { name: source.name })}
      description={t("editDescription")}
      className="w-[min(92vw,640px)]"
    >
      {read.error ? (
        <ErrorState error={read.error} onRetry={() => read.refetch()} />
      ) : !read.data ? (
        <Spinner label={t("loadingText")} />
      ) : (
        <TextSourceForm
          knowledgeBaseId={knowledgeBaseId}
          sourceId={source.id}
          initialName={read.data.source.name}
          initialText={read.data.source.text ?? ""}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function TextSourceForm({
  knowledgeBaseId,
  sourceId,
  initialName,
  initialText,
  onClose,
  onSaved,
}: {
  knowledgeBaseId: string;
  sourceId: string;
  initialName: string;
  initialText: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const t = useTranslations("Knowledge");
  const trpc = useTRPC();
  const [name, setName] = useState(initialName);
  const [text, setText] = useState(initialText);
  const save = useMutation(
    trpc.knowledgeBases.updateKnowledgeSource.mutationOptions({
      onSuccess: async () => {
        await onSaved();
        onClose();
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    const changes = {
      ...(name.trim() !== initialName ? { name: name.trim() } : {}),
      ...(text !== initialText ? { text } : {}),
    };
    if (Object.keys(changes).length === 0) return onClose();
    save.mutate({ knowledgeBaseId, sourceId, source: changes });
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} aria-label={t("textSource")}>
      <TextSourceFields name={name} text={text} onNameChange={setName} onTextChange={setText} rows={14} />
      <FormError message={save.error ? getErrorMessage(save.error) : null} />
      <FormActions
        onCancel={onClose}
        submitLabel={t("save")}
        pendingLabel={t("saving")}
        isPending={save.isPending}
        isDisabled={name.trim() === "" || text.trim() === ""}
      />
    </form>
  );
}
