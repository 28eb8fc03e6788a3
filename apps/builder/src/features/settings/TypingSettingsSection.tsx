"use client";

import { useTranslations } from "use-intl";
import { NumberField } from "@/components/ui/NumberField";
import { Section } from "@/components/ui/Section";
import { Switch } from "@/components/ui/Switch";
import type { SettingsFieldsProps } from "./settingsEditing";

export function TypingSettingsSection({ settings, set }: SettingsFieldsProps) {
  const t = useTranslations("TypingSettings");
  const typing = settings.typingEmulation;
  const path = (key: string) => ["typingEmulation", key];
  return (
    <Section id="typing" title={t("title")} description={t("description")}>
      <Switch
        label={t("emulate")}
        checked={typing.enabled}
        onCheckedChange={(checked) => {
          set(path("enabled"), checked);
          // The legacy general flag mirrors it for older readers of the document.
          set(["general", "isTypingEmulationEnabled"], checked);
        }}
      />
      {typing.enabled ? (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <NumberField
              label={t("speed")}
              unit={t("wordsPerMinute")}
              min={1}
              max={2000}
              value={typing.speed}
              onChange={(value) => set(path("speed"), value)}
            />
            <NumberField
              label={t("maxDelay")}
              unit={t("seconds")}
              min={0}
              max={10}
              step={0.1}
              value={typing.maxDelay}
              onChange={(value) => set(path("maxDelay"), value)}
            />
            <NumberField
              label={t("betweenBubbles")}
              unit={t("seconds")}
              min={0}
              max={10}
              step={0.1}
              value={typing.delayBetweenBubbles}
              onChange={(value) => set(path("delayBetweenBubbles"), value)}
            />
          </div>
          <Switch
            label={t("skipFirst")}
            hint={t("skipFirstHint")}
            checked={typing.isDisabledOnFirstMessage}
            onCheckedChange={(checked) => set(path("isDisabledOnFirstMessage"), checked)}
          />
        </>
      ) : null}
    </Section>
  );
}
