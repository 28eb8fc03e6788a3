"use client";

import { Languages } from "lucide-react";
import { useId } from "react";
import { useLocale, useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { useCanvasLanguage, useDocument, useEditor, useEditorStore } from "../store/EditorStoreContext";
import { languageName } from "./languageName";
import { getUntranslatedTexts } from "./translatedView";

/**
 * The canvas's language: the default one (the blocks' own texts) or another of the bot's, whose translations the
 * canvas and the settings panel then show and edit. Shown only for a bot with languages.
 */
export function LanguageSwitcher() {
  const t = useTranslations("CanvasLanguage");
  const interfaceLanguage = useLocale();
  const store = useEditorStore();
  const languages = useDocument((doc) => doc.settings.languages);
  const language = useCanvasLanguage();
  // The bot opens without its translations: another language shows once they are loaded.
  const pending = useEditor((state) => state.pendingCanvasLanguage);
  const translationsStatus = useEditor((state) => state.translationsStatus);
  const untranslated = useEditor((state) => {
    if (!language) return 0;
    let count = 0;
    for (const texts of getUntranslatedTexts(state.history.present, language).values())
      count += texts.filter((text) => text.status === "missing").length;
    return count;
  });
  const selectId = useId();
  if (!languages || (languages.languages ?? []).length === 0) return null;
  return (
    <div
      className={cn(
        "flex h-8 items-center gap-1.5 rounded-lg border px-2 text-[13px] shadow-card",
        language ? "border-brand-500 bg-brand-50 text-brand-700" : "border-line bg-surface text-ink",
      )}
      data-testid="canvas-language"
    >
      <Languages size={15} aria-hidden="true" />
      <label htmlFor={selectId} className="font-medium">
        {t("label")}
      </label>
      <select
        id={selectId}
        value={pending ?? language ?? ""}
        onChange={(event) => store.getState().setCanvasLanguage(event.target.value || null)}
        className="bg-transparent outline-none"
      >
        <option value="">
          {t("defaultLanguage", { language: languageName(languages.defaultLanguage, interfaceLanguage) })}
        </option>
        {(languages.languages ?? []).map((tag) => (
          <option key={tag} value={tag}>
            {languageName(tag, interfaceLanguage)}
          </option>
        ))}
      </select>
      {pending && translationsStatus === "failed" ? (
        <span className="flex items-center gap-1.5 text-[12px] text-danger-600" role="alert">
          {t("loadFailed")}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => store.getState().setCanvasLanguage(pending)}
          >
            {t("retry")}
          </button>
        </span>
      ) : pending ? (
        <span className="text-[12px]" role="status">
          {t("loading")}
        </span>
      ) : language ? (
        <span className="text-[12px]" data-testid="canvas-language-missing">
          {untranslated === 0 ? t("allTranslated") : t("untranslatedCount", { count: untranslated })}
        </span>
      ) : null}
    </div>
  );
}
