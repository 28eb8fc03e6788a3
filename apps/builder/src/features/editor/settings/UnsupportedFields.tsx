"use client";

import { type UnsupportedBlock, unsupportedBlock } from "@parley/schemas";
import { useTranslations } from "use-intl";
import { Field, Input, Textarea } from "@/components/ui/Field";
import { useBlockTexts } from "../canvas/useSummaryContext";
import type { EditorBlock } from "../store/editorDocument";

/** The fields an unsupported block was imported with, shown as they are and not editable. */
export function UnsupportedFields({ block }: { block: EditorBlock }) {
  const { blockType, block: original } = (block as UnsupportedBlock).options ?? {};
  const settings = original?.options ?? original?.content;
  const fields = typeof settings === "object" && settings !== null ? Object.entries(settings) : [];
  const t = useBlockTexts();
  const tFields = useTranslations("UnsupportedFields");
  const description = unsupportedBlock.settings?.description;
  return (
    <div className="flex flex-col gap-4" data-testid="unsupported-block-fields">
      <p className="text-muted">
        {t("notSupportedYet", { blockType: blockType ?? t("unknownBlockType") })}.{" "}
        {description ? `${t(description)} ` : ""}
        {tFields("kept")}
      </p>
      {fields.map(([key, value]) => {
        const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
        const isLong = text.length > 60 || text.includes("\n");
        return (
          <Field key={key} label={key}>
            {(id) =>
              isLong ? (
                <Textarea id={id} value={text} readOnly rows={Math.min(8, text.split("\n").length + 1)} />
              ) : (
                <Input id={id} value={text} readOnly />
              )
            }
          </Field>
        );
      })}
    </div>
  );
}
