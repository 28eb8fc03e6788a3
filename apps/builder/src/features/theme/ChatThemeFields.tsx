"use client";

import { useTranslations } from "use-intl";
import { Field, Input, Textarea } from "@/components/ui/Field";
import { Switch } from "@/components/ui/Switch";
import { SurfaceFields } from "./SurfaceFields";
import type { ThemeFieldsProps } from "./themeEditing";

type SurfaceKey = "hostBubbles" | "guestBubbles" | "buttons" | "inputs";

export function SurfaceSection({
  theme,
  set,
  surface,
  label,
}: ThemeFieldsProps & { surface: SurfaceKey; label: string }) {
  return (
    <SurfaceFields
      label={label}
      surface={theme.chat[surface]}
      set={(key, value) => set(["chat", surface, ...key.split(".")], value)}
    />
  );
}

export function ContainerSection({ theme, set }: ThemeFieldsProps) {
  const t = useTranslations("ThemeFields");
  const container = theme.chat.container;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("maxWidth")} hint={t("maxWidthHint")}>
          {(id) => (
            <Input
              id={id}
              value={container.maxWidth}
              onChange={(event) => set(["chat", "container", "maxWidth"], event.target.value)}
            />
          )}
        </Field>
        <Field label={t("maxHeight")} hint={t("maxHeightHint")}>
          {(id) => (
            <Input
              id={id}
              value={container.maxHeight}
              onChange={(event) => set(["chat", "container", "maxHeight"], event.target.value)}
            />
          )}
        </Field>
      </div>
      <SurfaceFields
        label={t("container")}
        surface={container}
        set={(key, value) => set(["chat", "container", ...key.split(".")], value)}
      />
    </div>
  );
}

export function AvatarsSection({ theme, set }: ThemeFieldsProps) {
  const t = useTranslations("ThemeFields");
  return (
    <div className="flex flex-col gap-4">
      {(
        [
          ["hostAvatar", t("hostAvatar"), t("hostAvatarHint"), t("hostAvatarUrl")],
          ["guestAvatar", t("guestAvatar"), t("guestAvatarHint"), t("guestAvatarUrl")],
        ] as const
      ).map(([key, label, hint, urlLabel]) => {
        const avatar = theme.chat[key];
        return (
          <div key={key} className="flex flex-col gap-2">
            <Switch
              label={label}
              hint={hint}
              checked={avatar.isEnabled ?? false}
              onCheckedChange={(checked) => set(["chat", key, "isEnabled"], checked)}
            />
            {avatar.isEnabled ? (
              <Field label={urlLabel} hint={t("avatarUrlHint")}>
                {(id) => (
                  <Input
                    id={id}
                    type="url"
                    placeholder="https://…/avatar.png"
                    value={avatar.url ?? ""}
                    onChange={(event) => set(["chat", key, "url"], event.target.value || undefined)}
                  />
                )}
              </Field>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

export function CustomCssSection({ theme, set }: ThemeFieldsProps) {
  const t = useTranslations("ThemeFields");
  return (
    <Field label={t("customCss")} hint={t("customCssHint")}>
      {(id) => (
        <Textarea
          id={id}
          spellCheck={false}
          rows={8}
          placeholder={".parley-host-bubble {\n  font-weight: 500;\n}"}
          className="font-mono text-[13px]"
          value={theme.customCss}
          onChange={(event) => set(["customCss"], event.target.value)}
        />
      )}
    </Field>
  );
}
