"use client";

import { type WebhookEvent, webhookEvents } from "@parley/schemas/management/webhooks";
import { Field, Input } from "@/components/ui/Field";
import { Switch } from "@/components/ui/Switch";

export const webhookEventLabels: Record<WebhookEvent | "ping", string> = {
  "result.created": "Result created",
  "answer.created": "Answer saved",
  "result.completed": "Result completed",
  "conversation.waiting": "Inbox: conversation waiting",
  "conversation.assigned": "Inbox: conversation assigned",
  "conversation.message": "Inbox: message",
  "conversation.closed": "Inbox: conversation closed",
  ping: "Test",
};

/** What the add and edit forms of a result webhook hold; `enabled` only once it exists. */
export interface WebhookFieldValues {
  url: string;
  events: WebhookEvent[];
  enabled?: boolean;
}

/** Whether the fields can be sent: a URL and at least one event. */
export const isWebhookFieldsComplete = (values: WebhookFieldValues) =>
  values.url.trim() !== "" && values.events.length > 0;

/**
 * A result webhook's fields, the same when it is added and when it is edited: its URL, the events
 * it is told about, and (when editing, `values.enabled` given) whether it is on.
 */
export function WebhookFields({
  values,
  onChange,
}: {
  values: WebhookFieldValues;
  onChange: (values: WebhookFieldValues) => void;
}) {
  const toggle = (name: WebhookEvent) =>
    onChange({
      ...values,
      events: values.events.includes(name)
        ? values.events.filter((item) => item !== name)
        : [...values.events, name],
    });
  return (
    <>
      <Field label="Webhook URL" hint="An http(s) address that accepts POST requests.">
        {(id) => (
          <Input
            id={id}
            type="url"
            value={values.url}
            onChange={(event) => onChange({ ...values, url: event.target.value })}
            placeholder="https://hooks.example.com/parley"
            maxLength={2048}
            spellCheck={false}
          />
        )}
      </Field>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-[13px] font-medium">Events</legend>
        {webhookEvents.map((name) => (
          <label key={name} className="inline-flex items-center gap-2 text-[13px]">
            <input
              type="checkbox"
              className="accent-brand-600"
              checked={values.events.includes(name)}
              onChange={() => toggle(name)}
            />
            {webhookEventLabels[name]}
          </label>
        ))}
      </fieldset>
      {values.enabled === undefined ? null : (
        <Switch
          label="Enabled"
          hint="Off: no deliveries are made, and pending ones fail."
          checked={values.enabled}
          onCheckedChange={(enabled) => onChange({ ...values, enabled })}
        />
      )}
    </>
  );
}
