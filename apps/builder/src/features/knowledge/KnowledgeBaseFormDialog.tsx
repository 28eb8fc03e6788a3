"use client";

import {
  embeddingCredentialsTypes,
  type KnowledgeBase,
  suggestedEmbeddingModels,
} from "@parley/schemas/management/knowledge";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Dialog } from "@/components/ui/Dialog";
import { FormActions, NameInput } from "@/components/ui/DialogForm";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { EmbeddingCredentialsPicker } from "./EmbeddingCredentialsPicker";
import { FormError } from "./TextSourceFields";

type EmbeddingCredentialsType = (typeof embeddingCredentialsTypes)[number];
const isEmbeddingType = (type: string | undefined): type is EmbeddingCredentialsType =>
  (embeddingCredentialsTypes as readonly (string | undefined)[]).includes(type);

/**
 * Creates a knowledge base (name, AI credentials, embeddings model), or changes one's settings. A new model
 * indexes every source again, which the form says before it is saved.
 */
export function KnowledgeBaseFormDialog({
  workspaceId,
  knowledgeBase,
  open,
  onOpenChange,
  onSaved,
}: {
  workspaceId: string;
  /** The base to change; a new one when absent. */
  knowledgeBase?: KnowledgeBase;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (knowledgeBase: KnowledgeBase) => void;
}) {
  const t = useTranslations("Knowledge");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={knowledgeBase ? t("settingsTitle") : t("newBase")}
      description={t("formDescription")}
    >
      {open ? (
        <KnowledgeBaseForm
          workspaceId={workspaceId}
          knowledgeBase={knowledgeBase}
          onClose={() => onOpenChange(false)}
          onSaved={onSaved}
        />
      ) : null}
    </Dialog>
  );
}

function KnowledgeBaseForm({
  workspaceId,
  knowledgeBase,
  onClose,
  onSaved,
}: {
  workspaceId: string;
  knowledgeBase?: KnowledgeBase;
  onClose: () => void;
  onSaved?: (knowledgeBase: KnowledgeBase) => void;
}) {
  const t = useTranslations("Knowledge");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const modelListId = useId();
  const [name, setName] = useState(knowledgeBase?.name ?? "");
  const [credentialsId, setCredentialsId] = useState(knowledgeBase?.credentialsId ?? "");
  const [credentialsType, setCredentialsType] = useState<string | undefined>(undefined);
  const [model, setModel] = useState(knowledgeBase?.embeddingModel ?? "");
  const credentials = useQuery(trpc.credentials.listCredentials.queryOptions({ workspaceId }));
  const pickedType =
    credentialsType ?? credentials.data?.credentials.find((item) => item.id === credentialsId)?.type;
  const blockType = isEmbeddingType(pickedType) ? pickedType : undefined;
  const models = useQuery(
    trpc.integrations.listAiModels.queryOptions(
      blockType && credentialsId ? { workspaceId, blockType, credentialsId } : skipToken,
      { retry: false, staleTime: 300_000 },
    ),
  );
  const suggested = blockType ? suggestedEmbeddingModels[blockType] : undefined;
  const providerModels = models.data?.models ?? [];
  const embeddingModels = providerModels.filter((item) => /embed/i.test(item));
  const modelOptions = [...new Set([...(suggested ? [suggested] : []), ...embeddingModels])];

  const onSuccess = async ({ knowledgeBase: saved }: { knowledgeBase: KnowledgeBase }) => {
    await queryClient.invalidateQueries({ queryKey: trpc.knowledgeBases.pathKey() });
    onSaved?.(saved);
    onClose();
  };
  const create = useMutation(trpc.knowledgeBases.createKnowledgeBase.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.knowledgeBases.updateKnowledgeBase.mutationOptions({ onSuccess }));
  const save = knowledgeBase ? update : create;
  const isModelChanged = knowledgeBase !== undefined && model.trim() !== knowledgeBase.embeddingModel;

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = { name: name.trim(), credentialsId, embeddingModel: model.trim() };
    if (knowledgeBase) update.mutate({ knowledgeBaseId: knowledgeBase.id, knowledgeBase: fields });
    else create.mutate({ workspaceId, knowledgeBase: fields });
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={submit}
      aria-label={knowledgeBase ? t("settings") : t("newBase")}
    >
      <Field label={t("name")}>
        {(id) => (
          <NameInput id={id} value={name} onValueChange={setName} placeholder={t("namePlaceholder")} />
        )}
      </Field>
      <Field label={t("aiCredentials")} hint={t("aiCredentialsHint")}>
        {(id) => (
          <EmbeddingCredentialsPicker
            id={id}
            workspaceId={workspaceId}
            value={credentialsId}
            onChange={(picked) => {
              setCredentialsId(picked?.id ?? "");
              const pickedKind = picked?.type;
              setCredentialsType(pickedKind);
              const nextSuggestion = isEmbeddingType(pickedKind)
                ? suggestedEmbeddingModels[pickedKind]
                : undefined;
              if (
                nextSuggestion &&
                (model === "" || Object.values<string>(suggestedEmbeddingModels).includes(model))
              )
                setModel(nextSuggestion);
            }}
          />
        )}
      </Field>
      <Field
        label={t("embeddingsModel")}
        hint={
          isModelChanged
            ? t("modelChangedHint")
            : models.error
              ? t("modelsFailed", { reason: getErrorMessage(models.error) })
              : t("modelHint")
        }
      >
        {(id) => (
          <>
            <Input
              id={id}
              value={model}
              required
              maxLength={200}
              list={modelListId}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setModel(event.target.value)}
            />
            <datalist id={modelListId}>
              {modelOptions.map((option) => (
                <option key={option} value={option} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <FormError message={save.error ? getErrorMessage(save.error) : null} />
      <FormActions
        onCancel={onClose}
        submitLabel={knowledgeBase ? t("save") : t("create")}
        pendingLabel={t("saving")}
        isPending={save.isPending}
        isDisabled={name.trim() === "" || credentialsId === "" || model.trim() === ""}
      />
    </form>
  );
}
