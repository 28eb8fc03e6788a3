"use client";

import { useLocale, useTranslations } from "use-intl";
import { languageName } from "../languages/languageName";
import { useDocument, useEditor, useEditorStore } from "../store/EditorStoreContext";

/**
 * The language the preview chat starts in, for a bot with languages: one of the bot's (the chat speaks it whatever
 * the detection order says) or "As a visitor" (the bot's detection, from the browser's languages). Changing it
 * starts a new chat.
 */
export function PreviewLanguagePicker() {
  const t = useTranslations("Preview");
  const interfaceLanguage = useLocale();
  const store = useEditorStore();
  const languages = useDocument((doc) => doc.settings.languages);
  const chosen = useEditor((state) => state.previewLanguage);
  if (!languages || (languages.languages ?? []).length === 0) return null;
  const tags = [languages.defaultLanguage, ...(languages.languages ?? [])];
  return (
    <select
      aria-label={t("language")}
      value={chosen && tags.includes(chosen) ? chosen : ""}
      onChange={(event) => store.getState().setPreviewLanguage(event.target.value || null)}
      className="h-8 max-w-[150px] rounded-lg border border-line bg-surface px-2 text-[13px]"
      data-testid="preview-language"
    >
      <option value="">{t("asVisitor")}</option>
      {tags.map((tag) => (
        <option key={tag} value={tag}>
          {languageName(tag, interfaceLanguage)}
        </option>
      ))}
    </select>
  );
}
