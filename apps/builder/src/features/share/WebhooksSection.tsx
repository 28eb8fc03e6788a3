"use client";

import { DEFAULT_SECRET_OVERLAP_HOURS, type WebhookSubscription } from "@parley/schemas/management/webhooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDate, formatDateTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
import {
  isWebhookFieldsComplete,
  WebhookFields,
  type WebhookFieldValues,
  webhookEventLabels,
} from "./WebhookFields";

/** How long the replaced secret keeps signing after a rotation. */
const overlapChoices = [
  { hours: 0, label: "No overlap: the old secret stops at once" },
  { hours: 1, label: "1 hour" },
  { hours: DEFAULT_SECRET_OVERLAP_HOURS, label: "24 hours" },
  { hours: 72, label: "3 days" },
  { hours: 168, label: "7 days" },
];

const statusTones = { PENDING: "warning", DELIVERED: "success", FAILED: "danger" } as const;

/** URLs told of the bot's results (signed POSTs), the secret shown once, and each URL's delivery log. */
export function WebhooksSection({ botId }: { botId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const webhooks = useQuery(trpc.webhooks.listWebhooks.queryOptions({ botId }));
  const [fields, setFields] = useState<WebhookFieldValues>({ url: "", events: ["result.completed"] });
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const create = useMutation(
    trpc.webhooks.createWebhook.mutationOptions({
      onSuccess: async (created) => {
        setSecret(created.secret);
        setFields((current) => ({ ...current, url: "" }));
        await refresh();
      },
      onError: (error) => toast.error(`Could not add the webhook: ${getErrorMessage(error)}`),
    }),
  );
  const remove = useMutation(
    trpc.webhooks.deleteWebhook.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        toast.success("Webhook deleted: its deliveries stopped");
        await refresh();
      },
      onError: (error) => toast.error(`Could not delete it: ${getErrorMessage(error)}`),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ botId, webhook: { url: fields.url.trim(), events: fields.events } });
  }

  return (
    <Section
      id="webhooks"
      title="Webhooks"
      description="Other systems (Zapier, Make, n8n, your server) receive each result as a signed JSON POST. Retried for 24 hours until they answer 2xx."
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <WebhookFields values={fields} onChange={setFields} />
        <div>
          <Button
            type="submit"
            variant="primary"
            disabled={!isWebhookFieldsComplete(fields) || create.isPending}
          >
            {create.isPending ? "Adding…" : "Add webhook"}
          </Button>
        </div>
      </form>
      {secret ? <SecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
      {webhooks.error ? (
        <p className="text-danger-600">Could not load the webhooks: {getErrorMessage(webhooks.error)}</p>
      ) : webhooks.data && webhooks.data.webhooks.length > 0 ? (
        <ul aria-label="Webhooks" className="flex flex-col gap-2">
          {webhooks.data.webhooks.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              botId={botId}
              webhook={webhook}
              isLogOpen={openLog === webhook.id}
              onToggleLog={() => setOpenLog(openLog === webhook.id ? null : webhook.id)}
              onDelete={() => setDeleting(webhook.id)}
            />
          ))}
        </ul>
      ) : webhooks.data ? (
        <p className="text-muted">No webhooks yet.</p>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this webhook?"
        description="Deliveries to this URL stop at once, pending retries included, and its log is deleted."
        confirmLabel="Delete webhook"
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ botId, webhookId: deleting })}
      />
    </Section>
  );
}

/** A signing secret shown once, with a copy button. */
function SecretNotice({ secret, note, onDone }: { secret: string; note?: string; onDone: () => void }) {
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-warning-600/30 bg-warning-50 p-3"
      role="status"
    >
      <p className="text-[13px]">
        Signing secret: copy it now, it is not shown again. Verify the X-Parley-Signature header with it.
        {note ? ` ${note}` : ""}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 truncate font-mono text-[13px]" data-testid="webhook-secret">
          {secret}
        </code>
        <CopyButton value={secret} copiedMessage="Secret copied" />
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

const fieldsOf = ({ url, events, enabled }: WebhookSubscription) => ({ url, events, enabled });

/** One webhook: its URL and events, and its actions (edit, rotate the secret, test, log, delete). */
function WebhookItem({
  botId,
  webhook,
  isLogOpen,
  onToggleLog,
  onDelete,
}: {
  botId: string;
  webhook: WebhookSubscription;
  isLogOpen: boolean;
  onToggleLog: () => void;
  onDelete: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isEditing, setIsEditing] = useState(false);
  const [fields, setFields] = useState<Required<WebhookFieldValues>>(() => fieldsOf(webhook));
  const [isRotating, setIsRotating] = useState(false);
  const [overlapHours, setOverlapHours] = useState(DEFAULT_SECRET_OVERLAP_HOURS);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const update = useMutation(
    trpc.webhooks.updateWebhook.mutationOptions({
      onSuccess: async () => {
        setIsEditing(false);
        toast.success("Webhook saved");
        await refresh();
      },
      onError: (error) => toast.error(`Could not save the webhook: ${getErrorMessage(error)}`),
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateWebhookSecret.mutationOptions({
      onSuccess: async (rotated) => {
        setIsRotating(false);
        setNewSecret(rotated.secret);
        await refresh();
      },
      onError: (error) => toast.error(`Could not rotate the secret: ${getErrorMessage(error)}`),
    }),
  );
  const ping = useMutation(
    trpc.webhooks.pingWebhook.mutationOptions({
      onSuccess: async () => {
        toast.success("Test delivery queued: its outcome appears in the delivery log");
        if (!isLogOpen) onToggleLog();
        await refresh();
      },
      onError: (error) => toast.error(`Could not send a test: ${getErrorMessage(error)}`),
    }),
  );

  function startEditing() {
    setFields(fieldsOf(webhook));
    setIsEditing(true);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate({
      botId,
      webhookId: webhook.id,
      webhook: { url: fields.url.trim(), events: fields.events, enabled: fields.enabled },
    });
  }

  return (
    <li className="rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 truncate font-mono text-[13px]">{webhook.url}</code>
        {webhook.enabled ? null : <Badge tone="neutral">off</Badge>}
        <Button size="sm" onClick={startEditing} aria-expanded={isEditing} disabled={isEditing}>
          Edit
        </Button>
        <Button size="sm" onClick={() => setIsRotating(true)}>
          Rotate secret
        </Button>
        <Button
          size="sm"
          onClick={() => ping.mutate({ botId, webhookId: webhook.id })}
          disabled={!webhook.enabled || ping.isPending}
        >
          {ping.isPending ? "Sending…" : "Send test"}
        </Button>
        <Button size="sm" onClick={onToggleLog} aria-expanded={isLogOpen}>
          Delivery log
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete}>
          Delete
        </Button>
      </div>
      <p className="mt-1 text-[13px] text-muted">
        {webhook.events.map((name) => webhookEventLabels[name]).join(", ")} · added{" "}
        {formatDate(webhook.createdAt)}
        {webhook.previousSecretExpiresAt
          ? ` · the previous secret also signs until ${formatDateTime(webhook.previousSecretExpiresAt)}`
          : ""}
      </p>
      {newSecret ? (
        <div className="mt-2">
          <SecretNotice
            secret={newSecret}
            note={
              webhook.previousSecretExpiresAt
                ? "Until the overlap ends, deliveries carry a signature for the old secret too."
                : undefined
            }
            onDone={() => setNewSecret(null)}
          />
        </div>
      ) : null}
      {isEditing ? (
        <form onSubmit={save} className="mt-3 flex flex-col gap-3" aria-label="Edit webhook">
          <WebhookFields
            values={fields}
            onChange={(values) => setFields({ ...values, enabled: values.enabled ?? fields.enabled })}
          />
          <div className="flex gap-2">
            <Button
              type="submit"
              variant="primary"
              disabled={!isWebhookFieldsComplete(fields) || update.isPending}
            >
              {update.isPending ? "Saving…" : "Save"}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {isLogOpen ? <DeliveryLog botId={botId} webhookId={webhook.id} isEnabled={webhook.enabled} /> : null}
      <ConfirmDialog
        open={isRotating}
        onOpenChange={setIsRotating}
        title="Rotate the signing secret?"
        description="A new secret is made and shown once. During the overlap, deliveries are signed with both secrets, so your receiver can switch without losing any."
        confirmLabel="Rotate secret"
        isPending={rotate.isPending}
        onConfirm={() => rotate.mutate({ botId, webhookId: webhook.id, overlapHours })}
      >
        <Field label="Old secret keeps signing for">
          {(id) => (
            <Select
              id={id}
              value={overlapHours}
              onChange={(event) => setOverlapHours(Number(event.target.value))}
            >
              {overlapChoices.map((choice) => (
                <option key={choice.hours} value={choice.hours}>
                  {choice.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </ConfirmDialog>
    </li>
  );
}

/** The last 100 deliveries of one webhook, newest first, each redeliverable. */
function DeliveryLog({
  botId,
  webhookId,
  isEnabled,
}: {
  botId: string;
  webhookId: string;
  isEnabled: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const redeliver = useMutation(
    trpc.webhooks.redeliverWebhookDelivery.mutationOptions({
      onSuccess: async () => {
        toast.success("Redelivery queued");
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
      },
      onError: (error) => toast.error(`Could not redeliver: ${getErrorMessage(error)}`),
    }),
  );
  // While open, the log follows deliveries as the worker records them.
  const log = useQuery(
    trpc.webhooks.listWebhookDeliveries.queryOptions({ botId, webhookId }, { refetchInterval: 2_000 }),
  );
  if (log.error) return <p className="mt-2 text-danger-600">{getErrorMessage(log.error)}</p>;
  if (!log.data) return <p className="mt-2 text-muted">Loading…</p>;
  if (log.data.deliveries.length === 0) return <p className="mt-2 text-muted">No deliveries yet.</p>;
  return (
    <table className="mt-2 w-full text-left text-[13px]" aria-label="Delivery log">
      <thead>
        <tr className="text-muted">
          <th className="py-1 pr-3 font-medium">Time</th>
          <th className="py-1 pr-3 font-medium">Event</th>
          <th className="py-1 pr-3 font-medium">Status</th>
          <th className="py-1 pr-3 font-medium">Response</th>
          <th className="py-1 pr-3 font-medium">Attempts</th>
          <th className="py-1 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {log.data.deliveries.map((delivery) => (
          <tr key={delivery.id} className="border-t border-line align-top">
            <td className="py-1 pr-3">{formatDateTime(delivery.createdAt)}</td>
            <td className="py-1 pr-3">
              {webhookEventLabels[delivery.event]}
              {delivery.redeliveryOf ? <span className="text-muted"> (redelivery)</span> : null}
            </td>
            <td className="py-1 pr-3">
              <Badge tone={statusTones[delivery.status]}>{delivery.status.toLowerCase()}</Badge>
            </td>
            <td className="py-1 pr-3">{delivery.responseCode ?? delivery.error ?? "—"}</td>
            <td className="py-1 pr-3">{delivery.attempts}</td>
            <td className="py-1">
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Redeliver the ${webhookEventLabels[delivery.event]} delivery of ${formatDateTime(delivery.createdAt)}`}
                disabled={!isEnabled || redeliver.isPending}
                onClick={() => redeliver.mutate({ botId, webhookId, deliveryId: delivery.id })}
              >
                Redeliver
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
