"use client";

import type { Font } from "@parley/schemas";
import { Field, Input, Textarea } from "@/components/ui/Field";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { popularFonts } from "./themeEditing";

/** Google font by family name, or a custom font from a file URL or CSS. */
export function FontFields({ font, onChange }: { font: Font; onChange: (font: Font) => void }) {
  const current = typeof font === "string" ? { type: "Google" as const, family: font } : font;
  return (
    <div className="flex flex-col gap-3">
      <SegmentedControl
        label="Font source"
        value={current.type}
        options={[
          { value: "Google", label: "Google Fonts" },
          { value: "Custom", label: "Custom" },
        ]}
        onChange={(type) => onChange(type === "Google" ? { type, family: "Inter" } : { type, family: "" })}
      />
      {current.type === "Google" ? (
        <Field label="Font family" hint="Any family of fonts.google.com.">
          {(id) => (
            <>
              <Input
                id={id}
                list={`${id}-fonts`}
                value={current.family ?? ""}
                onChange={(event) => onChange({ type: "Google", family: event.target.value })}
              />
              <datalist id={`${id}-fonts`}>
                {popularFonts.map((family) => (
                  <option key={family} value={family} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      ) : (
        <>
          <Field label="Font family" hint="The name used in CSS, e.g. “Acme Sans”.">
            {(id) => (
              <Input
                id={id}
                value={current.family ?? ""}
                onChange={(event) => onChange({ ...current, family: event.target.value })}
              />
            )}
          </Field>
          <Field label="Font file URL" hint="A .woff2 or .ttf file served over HTTPS.">
            {(id) => (
              <Input
                id={id}
                type="url"
                placeholder="https://…/acme-sans.woff2"
                value={current.url ?? ""}
                onChange={(event) => onChange({ ...current, url: event.target.value })}
              />
            )}
          </Field>
          <Field label="Or @font-face CSS">
            {(id) => (
              <Textarea
                id={id}
                spellCheck={false}
                className="font-mono text-[13px]"
                value={current.css ?? ""}
                onChange={(event) => onChange({ ...current, css: event.target.value })}
              />
            )}
          </Field>
        </>
      )}
    </div>
  );
}
