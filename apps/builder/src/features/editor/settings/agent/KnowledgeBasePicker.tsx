"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
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
        <p className="text-[13px] text-muted">
          {value.length === 0 ? "None chosen." : `${value.length} chosen.`} Knowledge bases belong to the
          bot's workspace: a member of it chooses them.
        </p>
      </fieldset>
    );
  }
  const missing = value.filter((id) => list.data && !bases.some((base) => base.id === id));
  return (
    <fieldset className="flex flex-col gap-1.5" data-field="knowledgeBaseIds">
      <legend className="mb-1.5 text-[13px] font-medium text-ink">{label}</legend>
      {list.isPending ? <p className="text-[13px] text-muted">Loading the knowledge bases…</p> : null}
      {list.error ? <p className="text-[13px] text-danger-600">{getErrorMessage(list.error)}</p> : null}
      {list.data && bases.length === 0 ? (
        <p className="text-[13px] text-muted">
          This workspace has no knowledge base yet:{" "}
          <Link className="text-brand-700 underline" href={`/workspaces/${workspaceId}/knowledge`}>
            create one
          </Link>
          .
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
          <span>A deleted knowledge base ({id}) is still listed: the agent ignores it.</span>
          <button
            type="button"
            className="underline"
            onClick={() => set(value.filter((candidate) => candidate !== id))}
          >
            Remove it
          </button>
        </div>
      ))}
      {value.length > 0 ? (
        <p className="text-[12px] text-muted">
          The agent searches them before answering and cites the sources it used.
        </p>
      ) : null}
    </fieldset>
  );
}
