"use client";

import { Section } from "@/components/ui/Section";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Switch } from "@/components/ui/Switch";
import type { SettingsFieldsProps } from "./settingsEditing";

export function GeneralSettingsSection({ settings, set }: SettingsFieldsProps) {
  const general = settings.general;
  const path = (...keys: string[]) => ["general", ...keys];
  const isRemembered = general.rememberUser.isEnabled === true;
  return (
    <Section id="general" title="General" description="How the chat behaves for every visitor.">
      <Switch
        label="Show “Made with Parley”"
        hint="A small badge under the chat."
        checked={general.isBrandingEnabled}
        onCheckedChange={(checked) => set(path("isBrandingEnabled"), checked)}
      />
      <Switch
        label="Prefill inputs"
        hint="An input whose variable already has a value starts filled with it."
        checked={general.isInputPrefillEnabled}
        onCheckedChange={(checked) => set(path("isInputPrefillEnabled"), checked)}
      />
      <Switch
        label="Hide query parameters"
        hint="Prefilled variables passed in the share URL are removed from the address bar."
        checked={general.isHideQueryParamsEnabled}
        onCheckedChange={(checked) => set(path("isHideQueryParamsEnabled"), checked)}
      />
      <Switch
        label="New result on refresh"
        hint={
          isRemembered
            ? "A remembered visitor's reload continues the chat."
            : "Reloading the page starts a new chat and result; off, a reload continues the same one (a new tab starts afresh)."
        }
        checked={general.isNewResultOnRefreshEnabled && !isRemembered}
        disabled={isRemembered}
        onCheckedChange={(checked) => set(path("isNewResultOnRefreshEnabled"), checked)}
      />
      <div className="flex flex-col gap-3 rounded-lg border border-line p-3">
        <Switch
          label="Remember the user"
          hint="A visitor who reloads or comes back continues where they left off: in this tab (session) or in this browser, new tabs and visits included (local)."
          checked={general.rememberUser.isEnabled ?? false}
          onCheckedChange={(checked) => set(path("rememberUser", "isEnabled"), checked)}
        />
        {general.rememberUser.isEnabled ? (
          <SegmentedControl
            label="Remember for"
            value={general.rememberUser.storage ?? "session"}
            options={[
              { value: "session", label: "This tab (session)" },
              { value: "local", label: "This browser (local)" },
            ]}
            onChange={(value) => set(path("rememberUser", "storage"), value)}
          />
        ) : null}
      </div>
    </Section>
  );
}
