"use client";

import { type AiAgentTool, aiAgentToolSchema, readPath } from "@parley/schemas";
import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Select } from "@/components/ui/Select";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { createId } from "../../createId";
import { type FieldPath, type FormContext, SchemaField } from "../form/SchemaField";
import { describeSchema, type FieldKind } from "../form/schemaIntrospection";

type ToolType = AiAgentTool["type"];

const toolKinds: ToolType[] = ["httpRequest", "setVariable", "endConversation", "searchKnowledge"];

/** Each kind of tool an author adds, as the panel names it, in the author's interface language. */
export const getAgentToolKinds = (
  t: InterfaceTranslator<"AgentSettings">,
): Record<ToolType, { label: string; hint: string }> => ({
  httpRequest: { label: t("toolHttpRequest"), hint: t("toolHttpRequestHint") },
  setVariable: { label: t("toolSetVariable"), hint: t("toolSetVariableHint") },
  endConversation: { label: t("toolEndConversation"), hint: t("toolEndConversationHint") },
  searchKnowledge: { label: t("toolSearchKnowledge"), hint: t("toolSearchKnowledgeHint") },
});

/** The fields of each kind, from its schema (its `type` is the card's heading, not a field). */
const fieldsOf = (type: ToolType): [string, FieldKind][] => {
  const member = aiAgentToolSchema.options.find((option) => option.shape.type.value === type);
  const kind = member ? describeSchema(member) : null;
  return kind?.kind === "object" ? kind.fields.filter(([key]) => key !== "type") : [];
};

/**
 * The agent's tools: one card per tool with its kind's fields (an HTTP tool's parameters in the JSON
 * Schema editor), add one of a kind, remove. "Go to a group" tools are the block's paths (items), each
 * an exit on the canvas, edited above.
 */
export function AgentToolsEditor({
  label,
  path,
  context,
}: {
  label: string;
  path: FieldPath;
  context: FormContext;
}) {
  const t = useTranslations("AgentSettings");
  const agentToolKinds = getAgentToolKinds(t);
  const tools = (readPath(context.root, path) as AiAgentTool[] | undefined) ?? [];
  const [adding, setAdding] = useState<ToolType>("httpRequest");
  const selectId = useId();
  const set = (next: AiAgentTool[]) => context.onChange(path, next.length > 0 ? next : undefined);
  return (
    <section className="flex flex-col gap-2" data-field={path.join(".")} aria-label={label}>
      <h3 className="text-[13px] font-medium text-ink">{label}</h3>
      {tools.length === 0 ? <p className="text-[13px] text-muted">{t("noTools")}</p> : null}
      {tools.map((tool, index) => (
        <div
          key={tool.id}
          className="relative flex flex-col gap-3 rounded-lg border border-line p-3 pr-9"
          data-tool-type={tool.type}
        >
          <div className="flex flex-col">
            <span className="text-[12px] font-semibold tracking-wide text-muted uppercase">
              {agentToolKinds[tool.type]?.label ?? tool.type}
            </span>
            <span className="text-[12px] text-muted">{agentToolKinds[tool.type]?.hint}</span>
          </div>
          {fieldsOf(tool.type).map(([key, kind]) => (
            <SchemaField key={key} name={key} kind={kind} path={[...path, index, key]} context={context} />
          ))}
          <button
            type="button"
            aria-label={t("removeTool", {
              name: "name" in tool && tool.name ? tool.name : (agentToolKinds[tool.type]?.label ?? tool.type),
            })}
            className="absolute top-2 right-2 rounded-md p-1 text-muted hover:bg-danger-50 hover:text-danger-600"
            onClick={() => set(tools.filter((_, at) => at !== index))}
          >
            <Trash2 size={14} />
          </button>
        </div>
      ))}
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={selectId} className="text-[12px] font-medium">
            {t("toolKind")}
          </label>
          <Select
            id={selectId}
            value={adding}
            onChange={(event) => setAdding(event.target.value as ToolType)}
          >
            {toolKinds.map((type) => (
              <option key={type} value={type}>
                {agentToolKinds[type].label}
              </option>
            ))}
          </Select>
        </div>
        <Button size="md" onClick={() => set([...tools, newTool(adding, tools)])}>
          {t("addTool")}
        </Button>
      </div>
    </section>
  );
}

/** A new tool of `type`, with a name not taken yet where the kind has one. */
function newTool(type: ToolType, tools: AiAgentTool[]): AiAgentTool {
  const id = createId();
  const taken = new Set(tools.map((tool) => ("name" in tool ? tool.name : undefined)));
  const free = (base: string) => {
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    return name;
  };
  switch (type) {
    case "httpRequest":
      return { id, type, name: free("call_service"), method: "GET" };
    case "setVariable":
      return { id, type };
    case "endConversation":
      return { id, type };
    case "searchKnowledge":
      return { id, type };
  }
}
