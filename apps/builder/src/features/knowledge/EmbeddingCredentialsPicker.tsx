"use client";

import { getCredentialsDefinition } from "@parley/schemas/credentials";
import { embeddingCredentialsTypes } from "@parley/schemas/management/knowledge";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Select } from "@/components/ui/Select";
import { useDefinitionTexts } from "@/i18n/useDefinitionTexts";
import { useTRPC } from "@/lib/trpc";
import { CreateCredentialsDialog } from "../credentials/CreateCredentialsDialog";

const ADD_NEW = "__add_new__";

/** Credentials a knowledge base may embed with, as they are listed. */
export interface EmbeddingCredentials {
  id: string;
  name: string;
  type: string;
}

/**
 * Chooses the AI credentials that embed a knowledge base's passages among the workspace's OpenAI, Mistral
 * and OpenAI-compatible ones, or adds new ones in place (as a block's credentials picker does).
 */
export function EmbeddingCredentialsPicker({
  id,
  workspaceId,
  value,
  onChange,
}: {
  id: string;
  workspaceId: string;
  value: string;
  onChange: (credentials: EmbeddingCredentials | null) => void;
}) {
  const t = useTranslations("Knowledge");
  const texts = useDefinitionTexts();
  const trpc = useTRPC();
  const [isAdding, setIsAdding] = useState(false);
  const list = useQuery(trpc.credentials.listCredentials.queryOptions({ workspaceId }));
  const options = (list.data?.credentials ?? []).filter((credentials) =>
    (embeddingCredentialsTypes as readonly string[]).includes(credentials.type),
  );
  return (
    <>
      <Select
        id={id}
        value={value}
        required
        disabled={!list.data}
        onChange={(event) => {
          if (event.target.value === ADD_NEW) setIsAdding(true);
          else onChange(options.find((credentials) => credentials.id === event.target.value) ?? null);
        }}
      >
        <option value="">{list.data ? t("choose") : t("loadingCredentials")}</option>
        {options.map((credentials) => (
          <option key={credentials.id} value={credentials.id}>
            {credentials.name} ({texts.credentialsLabel(getCredentialsDefinition(credentials.type))})
          </option>
        ))}
        <option value={ADD_NEW}>{t("addCredentials")}</option>
      </Select>
      <CreateCredentialsDialog
        workspaceId={workspaceId}
        types={embeddingCredentialsTypes}
        open={isAdding}
        onOpenChange={setIsAdding}
        onCreated={(credentials) => onChange(credentials)}
      />
    </>
  );
}
