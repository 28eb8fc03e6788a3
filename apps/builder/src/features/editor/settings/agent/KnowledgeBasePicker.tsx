"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "use-intl";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../../../bot-layout/BotContext";

/** The knowledge bases an AI agent may search: the workspace's bases by name, each ticked or not. */
export function KnowledgeBasePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string[];
  onChange: (ids: string[] | undefined) => void;
}) {
  const t = useTranslations("AgentSettings");
  const trpc = useTRPC();
  const { workspaceId, isWorkspaceMember } = useBotHeader();
  const list = useQuery(
    trpc.knowledgeBases.listKnowledgeBases.queryOptions({ workspaceId }, { enabled: isWorkspaceMember }),
  );
  const bases = list.data?.knowledgeBases ?? [];
  const set = (ids: string[]) => onChange(ids.length > 0 ? ids : undefined);
  if (!isWorkspaceMember) {
    return (
      <fieldset className="flex flex-col gap-1.5" data-field="knowledgeBaseIds">
        <legend className="mb-1.5 text-[13px] font-medium text-ink">{label}</legend>
        <p className="text-[13px] text-muted">{t("knowledgeChosen", { count: value.length })}</p>
      </fieldset>
    );
  }
  const missing = value.filter((id) => list.data && !bases.some((base) => base.id === id));
  return (
    <fieldset className="flex flex-col gap-1.5" data-field="knowledgeBaseIds">
      <legend className="mb-1.5 text-[13px] font-medium text-ink">{label}</legend>
      {list.isPending ? <p className="text-[13px] text-muted">{t("knowledgeLoading")}</p> : null}
      {list.error ? <p className="text-[13px] text-danger-600">{getErrorMessage(list.error)}</p> : null}
      {list.data && bases.length === 0 ? (
        <p className="text-[13px] text-muted">
          {t.rich("knowledgeNone", {
            link: (chunks) => (
              <Link className="text-brand-700 underline" href={`/workspaces/${workspaceId}/knowledge`}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : null}
      {bases.map((base) => (
        <label key={base.id} className="flex items-center gap-2 text-[13px]">
          <input
            type="checkbox"
            checked={value.includes(base.id)}
            onChange={(event) =>
              set(event.target.checked ? [...value, base.id] : value.filter((id) => id !== base.id))
            }
          />
          {base.name}
        </label>
      ))}
      {missing.map((id) => (
        <div key={id} className="flex items-center gap-2 text-[13px] text-danger-600">
          <span>{t("knowledgeDeleted", { id })}</span>
          <button
            type="button"
            className="underline"
            onClick={() => set(value.filter((candidate) => candidate !== id))}
          >
            {t("removeIt")}
          </button>
        </div>
      ))}
      {value.length > 0 ? <p className="text-[12px] text-muted">{t("knowledgeUsage")}</p> : null}
    </fieldset>
  );
}
