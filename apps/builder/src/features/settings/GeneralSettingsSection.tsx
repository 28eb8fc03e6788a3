"use client";

import { useTranslations } from "use-intl";
import { Section } from "@/components/ui/Section";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Switch } from "@/components/ui/Switch";
import type { SettingsFieldsProps } from "./settingsEditing";

export function GeneralSettingsSection({ settings, set }: SettingsFieldsProps) {
  const t = useTranslations("GeneralSettings");
  const general = settings.general;
  const path = (...keys: string[]) => ["general", ...keys];
  const isRemembered = general.rememberUser.isEnabled === true;
  return (
    <Section id="general" title={t("title")} description={t("description")}>
      <Switch
        label={t("branding")}
        hint={t("brandingHint")}
        checked={general.isBrandingEnabled}
        onCheckedChange={(checked) => set(path("isBrandingEnabled"), checked)}
      />
      <Switch
        label={t("prefill")}
        hint={t("prefillHint")}
        checked={general.isInputPrefillEnabled}
        onCheckedChange={(checked) => set(path("isInputPrefillEnabled"), checked)}
      />
      <Switch
        label={t("hideQueryParams")}
        hint={t("hideQueryParamsHint")}
        checked={general.isHideQueryParamsEnabled}
        onCheckedChange={(checked) => set(path("isHideQueryParamsEnabled"), checked)}
      />
      <Switch
        label={t("newResultOnRefresh")}
        hint={isRemembered ? t("newResultOnRefreshRemembered") : t("newResultOnRefreshHint")}
        checked={general.isNewResultOnRefreshEnabled && !isRemembered}
        disabled={isRemembered}
        onCheckedChange={(checked) => set(path("isNewResultOnRefreshEnabled"), checked)}
      />
      <div className="flex flex-col gap-3 rounded-lg border border-line p-3">
        <Switch
          label={t("rememberUser")}
          hint={t("rememberUserHint")}
          checked={general.rememberUser.isEnabled ?? false}
          onCheckedChange={(checked) => set(path("rememberUser", "isEnabled"), checked)}
        />
        {general.rememberUser.isEnabled ? (
          <SegmentedControl
            label={t("rememberFor")}
            value={general.rememberUser.storage ?? "session"}
            options={[
              { value: "session", label: t("session") },
              { value: "local", label: t("local") },
            ]}
            onChange={(value) => set(path("rememberUser", "storage"), value)}
          />
        ) : null}
      </div>
    </Section>
  );
}
