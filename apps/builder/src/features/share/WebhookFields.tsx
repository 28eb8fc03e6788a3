"use client";

import { type WebhookEvent, webhookEvents } from "@parley/schemas/management/webhooks";
import { useTranslations } from "use-intl";
import { Field, Input } from "@/components/ui/Field";
import { Switch } from "@/components/ui/Switch";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

/** Each webhook event as the webhooks section names it, in the interface language. */
export const getWebhookEventLabels = (
  t: InterfaceTranslator<"WebhookEvents">,
): Record<WebhookEvent | "ping", string> => ({
  "result.created": t("resultCreated"),
  "answer.created": t("answerCreated"),
  "result.completed": t("resultCompleted"),
  "conversation.waiting": t("conversationWaiting"),
  "conversation.assigned": t("conversationAssigned"),
  "conversation.message": t("conversationMessage"),
  "conversation.closed": t("conversationClosed"),
  ping: t("ping"),
});

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
  const t = useTranslations("WebhookFields");
  const webhookEventLabels = getWebhookEventLabels(useTranslations("WebhookEvents"));
  const toggle = (name: WebhookEvent) =>
    onChange({
      ...values,
      events: values.events.includes(name)
        ? values.events.filter((item) => item !== name)
        : [...values.events, name],
    });
  return (
    <>
      <Field label={t("url")} hint={t("urlHint")}>
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
        <legend className="mb-1 text-[13px] font-medium">{t("events")}</legend>
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
          label={t("enabled")}
          hint={t("enabledHint")}
          checked={values.enabled}
          onCheckedChange={(enabled) => onChange({ ...values, enabled })}
        />
      )}
    </>
  );
}
