"use client";

import { Trash2, X } from "lucide-react";
import { useTranslations } from "use-intl";
import { Field, Input } from "@/components/ui/Field";
import { Switch } from "@/components/ui/Switch";
import { getEventLabels } from "../canvas/EventNode";
import { deleteEvent, getDuplicateCommands, updateEventOptions } from "../document/events";
import type { DocEvent } from "../document/types";
import { useDocument, useEditor, useEditorStore } from "../store/EditorStoreContext";
import { VariablePicker } from "../variables/VariablePicker";

/** The settings of the opened event (command, reply, invalid reply), at the right of the canvas. */
export function EventSettingsPanel() {
  const t = useTranslations("EventSettings");
  const events = useTranslations("Events");
  const descriptions: Record<Exclude<DocEvent["type"], "start">, string> = {
    command: t("commandDescription"),
    reply: t("replyDescription"),
    invalidReply: t("invalidReplyDescription"),
  };
  const store = useEditorStore();
  const eventId = useEditor((state) => state.openedEventId);
  const event = useDocument((doc) => doc.events.find((candidate) => candidate.id === eventId) ?? null);
  if (!event || event.type === "start") return null;
  const label = getEventLabels(events)[event.type];
  const close = () => store.getState().openEvent(null);
  return (
    <aside
      aria-label={t("panelLabel", { event: label })}
      data-testid="event-settings"
      className="pointer-events-auto flex w-[380px] shrink-0 flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-popover"
      onKeyDown={(keyEvent) => {
        if (keyEvent.key === "Escape") close();
      }}
    >
      <header className="flex items-center gap-2.5 border-b border-line px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{label}</h2>
          <p className="truncate text-[12px] text-muted">{t("event")}</p>
        </div>
        <button
          type="button"
          aria-label={t("delete")}
          title={t("delete")}
          onClick={() => store.getState().apply((doc) => deleteEvent(doc, event.id))}
          className="rounded-md p-1.5 text-muted hover:bg-danger-50 hover:text-danger-600"
        >
          <Trash2 size={15} />
        </button>
        <button
          type="button"
          aria-label={t("close")}
          title={t("close")}
          onClick={close}
          className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-ink"
        >
          <X size={16} />
        </button>
      </header>
      <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-4 py-4">
        <p className="text-muted">{descriptions[event.type]}</p>
        {event.type === "command" ? <CommandFields event={event} /> : <ReplyFields event={event} />}
      </div>
    </aside>
  );
}

function useEventUpdater(eventId: string) {
  const store = useEditorStore();
  return (options: Record<string, unknown>, coalesceKey?: string) =>
    store.getState().apply((doc) => updateEventOptions(doc, eventId, options), { coalesceKey });
}

function CommandFields({ event }: { event: Extract<DocEvent, { type: "command" }> }) {
  const t = useTranslations("EventSettings");
  const update = useEventUpdater(event.id);
  const command = event.options?.command ?? "";
  const isDuplicate = useDocument((doc) => command !== "" && getDuplicateCommands(doc).has(command));
  return (
    <>
      <Field
        label={t("command")}
        hint={t("commandHint")}
        error={command.trim() === "" ? t("commandMissing") : isDuplicate ? t("commandDuplicate") : undefined}
      >
        {(id) => (
          <Input
            id={id}
            value={command}
            placeholder={t("commandPlaceholder")}
            onChange={(change) =>
              update({ command: change.target.value || undefined }, `event-command-${event.id}`)
            }
          />
        )}
      </Field>
      <Switch
        label={t("resumeAfter")}
        hint={t("resumeAfterHint")}
        checked={event.options?.resumeAfter === true}
        onCheckedChange={(checked) => update({ resumeAfter: checked })}
      />
    </>
  );
}

function ReplyFields({ event }: { event: Extract<DocEvent, { type: "reply" | "invalidReply" }> }) {
  const t = useTranslations("EventSettings");
  const update = useEventUpdater(event.id);
  const fields = [
    { key: "contentVariableId", label: t("saveAnswer") },
    { key: "inputNameVariableId", label: t("saveGroupTitle") },
    { key: "inputTypeVariableId", label: t("saveInputType") },
  ] as const;
  return (
    <>
      {fields.map((field) => (
        <Field key={field.key} label={field.label}>
          {(id) => (
            <VariablePicker
              id={id}
              value={event.options?.[field.key]}
              onChange={(variableId) => update({ [field.key]: variableId })}
            />
          )}
        </Field>
      ))}
    </>
  );
}
