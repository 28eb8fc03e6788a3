"use client";

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
  const container = theme.chat.container;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <Field label="Max width" hint="CSS length, e.g. 800px or 100%">
          {(id) => (
            <Input
              id={id}
              value={container.maxWidth}
              onChange={(event) => set(["chat", "container", "maxWidth"], event.target.value)}
            />
          )}
        </Field>
        <Field label="Max height" hint="e.g. 100% or 640px">
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
        label="Container"
        surface={container}
        set={(key, value) => set(["chat", "container", ...key.split(".")], value)}
      />
    </div>
  );
}

export function AvatarsSection({ theme, set }: ThemeFieldsProps) {
  return (
    <div className="flex flex-col gap-4">
      {(
        [
          ["hostAvatar", "Bot avatar", "Shown next to the bot's messages."],
          ["guestAvatar", "User avatar", "Shown next to the user's answers."],
        ] as const
      ).map(([key, label, hint]) => {
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
              <Field
                label={`${label} image URL`}
                hint="Leave empty for the default picture; {{variable}} works."
              >
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
  return (
    <Field
      label="Custom CSS"
      hint="Applied inside the chat only (scoped), after the theme. Classes start with parley-."
    >
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
