"use client";

import { type LanguagesSettings, languageTagSchema } from "@parley/schemas";
import { X } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Switch } from "@/components/ui/Switch";
import { removeLanguage } from "./translationEditing";

/** The tag's problem (not BCP 47, not canonical; the schema's message), or null. */
function tagProblem(tag: string, fallback: string): string | null {
  const checked = languageTagSchema.safeParse(tag);
  return checked.success ? null : (checked.error.issues[0]?.message ?? fallback);
}

/**
 * The bot's languages: the default one (the blocks' own texts), the others, added and removed, and the rule that
 * refuses publishing while a text is not reviewed. Removing a language removes its translations.
 */
export function LanguagesSection({
  languages,
  canEdit,
  onChange,
}: {
  languages: LanguagesSettings | undefined;
  canEdit: boolean;
  onChange: (next: LanguagesSettings | undefined) => void;
}) {
  const t = useTranslations("TranslationsPage");
  const [defaultTag, setDefaultTag] = useState(languages?.defaultLanguage ?? "en");
  const [newTag, setNewTag] = useState("");
  const [error, setError] = useState<string | null>(null);
  const others = languages?.languages ?? [];
  const add = () => {
    const tag = newTag.trim();
    const base = languages ?? { defaultLanguage: defaultTag.trim() };
    const problem =
      tagProblem(tag, t("notLanguageTag")) ?? tagProblem(base.defaultLanguage, t("notLanguageTag"));
    if (problem) return setError(problem);
    if (tag.toLowerCase() === base.defaultLanguage.toLowerCase() || others.includes(tag))
      return setError(t("alreadyLanguage", { tag }));
    setError(null);
    setNewTag("");
    onChange({ ...base, languages: [...others, tag] });
  };
  return (
    <Section id="languages" title={t("languagesTitle")} description={t("languagesDescription")}>
      {languages ? (
        <p>
          {t.rich("defaultLanguageIs", {
            tag: languages.defaultLanguage,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      ) : (
        <Field label={t("defaultLanguage")} hint={t("defaultLanguageHint")}>
          {(id) => (
            <Input
              id={id}
              value={defaultTag}
              disabled={!canEdit}
              onChange={(event) => setDefaultTag(event.target.value)}
              className="max-w-40"
            />
          )}
        </Field>
      )}
      {others.length > 0 ? (
        <ul aria-label={t("otherLanguages")} className="flex flex-wrap gap-2">
          {others.map((tag) => (
            <li
              key={tag}
              className="flex items-center gap-1 rounded-full border border-line py-0.5 pr-1 pl-3"
            >
              {tag}
              {canEdit && languages ? (
                <button
                  type="button"
                  aria-label={t("removeLanguage", { tag })}
                  onClick={() => onChange(removeLanguage(languages, tag))}
                  className="rounded-full p-1 text-muted hover:bg-subtle hover:text-ink"
                >
                  <X size={14} aria-hidden />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canEdit ? (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <Field label={t("addLanguage")} error={error} className="max-w-56">
            {(id) => (
              <Input
                id={id}
                value={newTag}
                placeholder="fr"
                aria-invalid={error ? true : undefined}
                onChange={(event) => setNewTag(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={newTag.trim() === ""} className={error ? "mb-6" : undefined}>
            {t("add")}
          </Button>
        </form>
      ) : null}
      {languages && others.length > 0 ? (
        <Switch
          label={t("publishOnlyReviewed")}
          hint={t("publishOnlyReviewedHint")}
          checked={languages.publishOnlyReviewed === true}
          disabled={!canEdit}
          onCheckedChange={(checked) => onChange({ ...languages, publishOnlyReviewed: checked || undefined })}
        />
      ) : null}
    </Section>
  );
}
