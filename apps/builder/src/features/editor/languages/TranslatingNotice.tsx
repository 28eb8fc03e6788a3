"use client";

import { useLocale, useTranslations } from "use-intl";
import { useEditor } from "../store/EditorStoreContext";
import type { EditorBlock } from "../store/editorDocument";
import { languageName } from "./languageName";
import { getUntranslatedTexts } from "./translatedView";

/**
 * Above a block's settings while the canvas shows another language: what is edited here (the texts' translations;
 * the rest is every language's) and which texts are still in the default language or machine drafts.
 */
export function TranslatingNotice({ block, language }: { block: EditorBlock; language: string }) {
  const t = useTranslations("CanvasLanguage");
  const interfaceLanguage = useLocale();
  const texts = useEditor((state) => getUntranslatedTexts(state.history.present, language).get(block.id));
  const missing = (texts ?? []).filter((text) => text.status === "missing");
  const drafts = (texts ?? []).filter((text) => text.status === "machineDraft");
  return (
    <div
      role="note"
      data-testid="translating-notice"
      className="rounded-lg border border-brand-500/40 bg-brand-50 px-3 py-2 text-[13px] text-ink"
    >
      <p>
        {t.rich("editing", {
          language: languageName(language, interfaceLanguage),
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      {missing.length > 0 ? (
        <p className="mt-1 text-warning-600">
          {t("notTranslatedYet", { fields: missing.map((text) => text.field).join(", ") })}
        </p>
      ) : null}
      {drafts.length > 0 ? (
        <p className="mt-1 text-muted">
          {t("machineDrafts", { fields: drafts.map((text) => text.field).join(", ") })}
        </p>
      ) : null}
    </div>
  );
}
