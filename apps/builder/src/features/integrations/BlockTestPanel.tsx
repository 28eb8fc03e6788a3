"use client";

import { useMutation } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";
import { useBlockTexts } from "../editor/canvas/useSummaryContext";
import { useDocument } from "../editor/store/EditorStoreContext";
import { type EditorBlock, getBlockField } from "../editor/store/editorDocument";
import { getEditorBlockDefinition } from "../editor/store/getEditorBlockDefinition";

type Variable = { id: string; name: string; value?: unknown };

/** Variables a block's options mention, by `{{Name}}` in text or by id in `…VariableId` fields. */
export function listBlockVariables(block: EditorBlock, variables: Variable[]): Variable[] {
  const text = JSON.stringify(getBlockField(block, "options") ?? {});
  return variables.filter(
    (variable) => text.includes(`{{${variable.name}}}`) || text.includes(`"${variable.id}"`),
  );
}

/**
 * "Test" for AI and e-mail blocks: runs the block once on the server with the sample values typed
 * here (e-mails are really sent) and shows what it wrote and logged. Nothing is stored.
 */
export function BlockTestPanel({ block }: { block: EditorBlock }) {
  const t = useTranslations("Integrations");
  const blockTexts = useBlockTexts();
  const testLabel = getEditorBlockDefinition(block.type)?.settings?.testLabel;
  const trpc = useTRPC();
  const { id: botId, canEdit } = useBotHeader();
  const variables = useDocument((doc) => (doc.variables ?? []) as Variable[]);
  const used = useMemo(() => listBlockVariables(block, variables), [block, variables]);
  const [samples, setSamples] = useState<Record<string, string>>({});
  const test = useMutation(trpc.integrations.testBlock.mutationOptions());
  const nameOf = (id: string) => variables.find((variable) => variable.id === id)?.name ?? id;
  if (!canEdit) return null;
  return (
    <section aria-label={t("testBlock")} className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <h3 className="text-[12px] font-semibold tracking-wide text-muted uppercase">{t("test")}</h3>
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
        disabled={test.isPending}
        onClick={() =>
          test.mutate({
            botId,
            block: {
              id: block.id,
              type: block.type,
              options: getBlockField(block, "options") ?? {},
            },
            variables: variables.map((variable) => ({
              id: variable.id,
              name: variable.name,
              value: samples[variable.id] ?? (typeof variable.value === "string" ? variable.value : null),
            })),
          })
        }
      >
        <FlaskConical size={14} />{" "}
        {test.isPending ? t("running") : testLabel ? blockTexts(testLabel) : t("runBlock")}
      </Button>
      {test.error ? <p className="text-[13px] text-danger-600">{getErrorMessage(test.error)}</p> : null}
      {test.data ? (
        <div data-testid="block-test-result" className="flex flex-col gap-2 text-[13px]">
          {test.data.variables.map((variable) => (
            <div key={variable.id} className="rounded-md bg-subtle p-2">
              <div className="font-medium">{nameOf(variable.id)}</div>
              <div className="whitespace-pre-wrap break-words">
                {Array.isArray(variable.value)
                  ? JSON.stringify(variable.value)
                  : (variable.value ?? t("empty"))}
              </div>
            </div>
          ))}
          {test.data.logs.map((log) => (
            <p
              key={`${log.context}-${log.description}-${log.details}`}
              className={log.status === "error" ? "text-danger-600" : "text-muted"}
            >
              {log.description}
              {log.details ? `: ${log.details}` : ""}
            </p>
          ))}
          {test.data.variables.length === 0 && test.data.logs.length === 0 ? (
            <p className="text-muted">{t("noChange")}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
