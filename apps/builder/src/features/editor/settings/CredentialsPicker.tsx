"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Select } from "@/components/ui/Select";
import { useDefinitionTexts } from "@/i18n/useDefinitionTexts";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../../bot-layout/BotContext";
import { CreateCredentialsDialog } from "../../credentials/CreateCredentialsDialog";
import { getEditorBlockDefinition } from "../store/getEditorBlockDefinition";

const ADD_NEW = "__add_new__";

/**
 * Chooses the credentials an integration uses among the workspace's credentials of the block's
 * kind (its definition's `credentials`, or the kind its options choose: `settings.credentialsOf`), or adds new
 * ones in place. The e-mail block may also use the platform's own account.
 */
export function CredentialsPicker({
  id,
  blockType,
  blockOptions,
  value,
  onChange,
}: {
  id?: string;
  blockType: string;
  /** The block's current options. */
  blockOptions: Record<string, unknown>;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const t = useTranslations("CredentialsPicker");
  const texts = useDefinitionTexts();
  const trpc = useTRPC();
  const { workspaceId, canEdit, isWorkspaceMember } = useBotHeader();
  const definition = getEditorBlockDefinition(blockType);
  const credentials = definition?.settings?.credentialsOf?.(blockOptions) ?? definition?.credentials;
  const type = credentials?.type;
  const platformId = definition?.settings?.platformCredentialsId;
  const [isAdding, setIsAdding] = useState(false);
  const list = useQuery(
    trpc.credentials.listCredentials.queryOptions(
      { workspaceId, type },
      { enabled: canEdit && isWorkspaceMember && type !== undefined },
    ),
  );
  const options = list.data?.credentials ?? [];
  const isKnown = !value || value === "default" || options.some((credentials) => credentials.id === value);
  return (
    <div className="flex flex-col gap-1">
      <Select
        id={id}
        value={value ?? ""}
        disabled={!canEdit}
        onChange={(event) => {
          if (event.target.value === ADD_NEW) setIsAdding(true);
          else onChange(event.target.value || undefined);
        }}
      >
        <option value="">{platformId ? t("choose") : t("none")}</option>
        {platformId ? <option value={platformId}>{t("platform")}</option> : null}
        {options.map((credentials) => (
          <option key={credentials.id} value={credentials.id}>
            {credentials.name}
          </option>
        ))}
        {!isKnown && list.data ? <option value={value}>{t("missing")}</option> : null}
        {value && value !== "default" && !isWorkspaceMember && value !== platformId ? (
          <option value={value}>{t("workspaceOnes")}</option>
        ) : null}
        {credentials && canEdit && isWorkspaceMember ? (
          <option value={ADD_NEW}>{t("addNew", { kind: texts.credentialsLabel(credentials) })}</option>
        ) : null}
      </Select>
      {!isWorkspaceMember ? <p className="text-[12px] text-muted">{t("membersOnly")}</p> : null}
      {!isKnown && list.data ? <p className="text-[12px] text-danger-600">{t("notInWorkspace")}</p> : null}
      {type ? (
        <CreateCredentialsDialog
          workspaceId={workspaceId}
          types={[type]}
          open={isAdding}
          onOpenChange={setIsAdding}
          onCreated={(credentials) => onChange(credentials.id)}
        />
      ) : null}
    </div>
  );
}
