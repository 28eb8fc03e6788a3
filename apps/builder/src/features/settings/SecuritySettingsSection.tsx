"use client";

import { Plus, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Switch } from "@/components/ui/Switch";
import { parseOrigin, type SettingsFieldsProps } from "./settingsEditing";

/** Public share page on/off and the sites allowed to embed the bot and call its chat API. */
export function SecuritySettingsSection({ settings, set }: SettingsFieldsProps) {
  const t = useTranslations("SecuritySettings");
  const origins = settings.security.allowedOrigins;
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    const origin = parseOrigin(draft);
    if (!origin) return setError(t("invalidOrigin"));
    if (origins.includes(origin)) return setError(t("alreadyAllowed", { origin }));
    set(["security", "allowedOrigins"], [...origins, origin]);
    setDraft("");
    setError(null);
  }

  return (
    <Section id="security" title={t("title")} description={t("description")}>
      <Switch
        label={t("publicShare")}
        hint={t("publicShareHint")}
        checked={settings.publicShare.isEnabled ?? true}
        onCheckedChange={(checked) => set(["publicShare", "isEnabled"], checked)}
      />
      <div className="flex flex-col gap-2">
        <form onSubmit={add}>
          <Field label={t("allowedOrigins")} hint={t("allowedOriginsHint")} error={error}>
            {(id) => (
              <div className="flex gap-2">
                <Input
                  id={id}
                  value={draft}
                  placeholder="https://www.example.com"
                  onChange={(event) => setDraft(event.target.value)}
                />
                <Button type="submit" aria-label={t("addOrigin")}>
                  <Plus size={14} aria-hidden />
                  {t("add")}
                </Button>
              </div>
            )}
          </Field>
        </form>
        {origins.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t("allowedOrigins")}>
            {origins.map((origin) => (
              <li
                key={origin}
                className="flex items-center gap-1 rounded-full border border-line bg-subtle py-0.5 pr-1 pl-3 font-mono text-[13px]"
              >
                {origin}
                <button
                  type="button"
                  aria-label={t("remove", { origin })}
                  className="grid h-6 w-6 place-items-center rounded-full text-muted hover:bg-line hover:text-ink"
                  onClick={() =>
                    set(
                      ["security", "allowedOrigins"],
                      origins.filter((item) => item !== origin),
                    )
                  }
                >
                  <X size={12} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Section>
  );
}
