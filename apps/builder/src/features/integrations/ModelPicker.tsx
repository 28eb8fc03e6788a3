"use client";

import { type AiKindFacts, getAiBlockDefinition } from "@parley/schemas";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslations } from "use-intl";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";
import { TextField } from "../editor/settings/form/TextField";

/**
 * The model of an AI block: free text (a model id or a `{{variable}}`) with the provider's own list
 * as suggestions, fetched through the block's credentials once they are chosen.
 */
export function ModelPicker({
  id,
  blockType,
  options,
  value,
  placeholder,
  onChange,
}: {
  id?: string;
  blockType: string;
  options: Record<string, unknown>;
  value: string | undefined;
  placeholder?: string;
  onChange: (value: string | undefined) => void;
}) {
  const t = useTranslations("Integrations");
  const trpc = useTRPC();
  const listId = useId();
  const { workspaceId, canEdit } = useBotHeader();
  const credentialsId = typeof options.credentialsId === "string" ? options.credentialsId : undefined;
  const baseUrl = typeof options.baseUrl === "string" ? options.baseUrl : undefined;
  const definition = getAiBlockDefinition(blockType);
  const ai: AiKindFacts | undefined = definition?.ai;
  // Kinds that take their own server URL can list models from it without credentials.
  const hasOwnServer = ai?.hasBlockBaseUrl === true;
  const isReady = canEdit && (credentialsId !== undefined || (hasOwnServer && !!baseUrl));
  const models = useQuery(
    trpc.integrations.listAiModels.queryOptions(
      definition ? { workspaceId, blockType: definition.type, credentialsId, baseUrl } : skipToken,
      { enabled: isReady, retry: false, staleTime: 300_000 },
    ),
  );
  return (
    <div className="flex flex-col gap-1">
      <TextField
        id={id}
        value={value ?? ""}
        placeholder={placeholder}
        list={listId}
        onChange={(text) => onChange(text || undefined)}
      />
      <datalist id={listId} data-testid="model-options">
        {(models.data?.models ?? []).map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <p className="text-[12px] text-muted">
        {!isReady
          ? t("modelsNeedCredentials")
          : models.isLoading
            ? t("modelsLoading")
            : models.error
              ? t("modelsFailed", { reason: getErrorMessage(models.error) })
              : t("modelsAvailable", { count: models.data?.models.length ?? 0 })}
      </p>
    </div>
  );
}
