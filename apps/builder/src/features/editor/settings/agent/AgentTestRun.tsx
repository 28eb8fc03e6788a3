"use client";

import { useMutation } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input, Textarea } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../../../bot-layout/BotContext";
import { listBlockVariables } from "../../../integrations/BlockTestPanel";
import { useDocument } from "../../store/EditorStoreContext";
import { type EditorBlock, getBlockField, getItems } from "../../store/editorDocument";
import { AgentSteps } from "./AgentSteps";

type Variable = { id: string; name: string; value?: unknown };

/**
 * "Test the agent": a sample visitor message runs the agent once on the server, through its real provider,
 * knowledge bases and tools (HTTP tools are really called), with sample values for the variables it uses;
 * each step shows in order. Nothing is stored.
 */
export function AgentTestRun({ block }: { block: EditorBlock }) {
  const t = useTranslations("AgentSettings");
  const trpc = useTRPC();
  const { id: botId, canEdit } = useBotHeader();
  const variables = useDocument((doc) => (doc.variables ?? []) as Variable[]);
  const used = useMemo(() => listBlockVariables(block, variables), [block, variables]);
  const [message, setMessage] = useState("");
  const [samples, setSamples] = useState<Record<string, string>>({});
  const run = useMutation(trpc.integrations.testAiAgent.mutationOptions());
  const nameOf = (id: string) => variables.find((variable) => variable.id === id)?.name ?? id;
  if (!canEdit) return null;
  return (
    <section aria-label={t("testTitle")} className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <h3 className="text-[12px] font-semibold tracking-wide text-muted uppercase">{t("testTitle")}</h3>
      <Field label={t("visitorMessage")} className="text-[13px]">
        {(id) => (
          <Textarea
            id={id}
            rows={2}
            value={message}
            placeholder={t("visitorMessagePlaceholder")}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </Field>
      {used.map((variable) => (
        <Field key={variable.id} label={variable.name} className="text-[13px]">
          {(id) => (
            <Input
              id={id}
              value={samples[variable.id] ?? ""}
              placeholder={t("sampleValue")}
              onChange={(event) => setSamples({ ...samples, [variable.id]: event.target.value })}
            />
          )}
        </Field>
      ))}
      <Button
        size="sm"
        className="self-start"
        disabled={run.isPending || message.trim() === ""}
        onClick={() =>
          run.mutate({
            botId,
            message,
            block: {
              id: block.id,
              type: "AI agent",
              items: getItems(block) as never,
              options: (getBlockField(block, "options") ?? {}) as never,
            },
            variables: variables.map((variable) => ({
              id: variable.id,
              name: variable.name,
              value: samples[variable.id] ?? (typeof variable.value === "string" ? variable.value : null),
            })),
          })
        }
      >
        <FlaskConical size={14} /> {run.isPending ? t("running") : t("run")}
      </Button>
      {run.error ? (
        <p role="alert" className="text-[13px] text-danger-600">
          {getErrorMessage(run.error)}
        </p>
      ) : null}
      {run.data ? (
        <div data-testid="agent-test-result" className="flex flex-col gap-2">
          <AgentSteps steps={run.data.steps} />
          {run.data.variables.map((variable) => (
            <p key={variable.id} className="text-[13px]">
              <span className="font-medium">{nameOf(variable.id)}</span> ←{" "}
              {Array.isArray(variable.value)
                ? JSON.stringify(variable.value)
                : (variable.value ?? t("empty"))}
            </p>
          ))}
          {run.data.logs.map((log, index) => (
            <p
              // biome-ignore lint/suspicious/noArrayIndexKey: the logs of one run never move
              key={index}
              className={log.status === "error" ? "text-[13px] text-danger-600" : "text-[13px] text-muted"}
            >
              {log.description}
              {log.details ? `: ${log.details}` : ""}
            </p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
