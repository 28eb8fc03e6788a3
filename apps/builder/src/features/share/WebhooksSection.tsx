"use client";

import { type WebhookEvent, webhookEvents } from "@parley/schemas/management/webhooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDate, formatDateTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";

const eventLabels: Record<WebhookEvent, string> = {
  "result.created": "Result created",
  "answer.created": "Answer saved",
  "result.completed": "Result completed",
};

const statusTones = { PENDING: "warning", DELIVERED: "success", FAILED: "danger" } as const;

/** URLs told of the bot's results (signed POSTs), the secret shown once, and each URL's delivery log. */
export function WebhooksSection({ botId }: { botId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const webhooks = useQuery(trpc.webhooks.listWebhooks.queryOptions({ botId }));
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["result.completed"]);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const create = useMutation(
    trpc.webhooks.createWebhook.mutationOptions({
      onSuccess: async (created) => {
        setSecret(created.secret);
        setUrl("");
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
    create.mutate({ botId, webhook: { url: url.trim(), events } });
  }

  const toggle = (name: WebhookEvent) =>
    setEvents((current) =>
      current.includes(name) ? current.filter((item) => item !== name) : [...current, name],
    );

  return (
    <Section
      id="webhooks"
      title="Webhooks"
      description="Other systems (Zapier, Make, n8n, your server) receive each result as a signed JSON POST. Retried for 24 hours until they answer 2xx."
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <Field label="Webhook URL" hint="An http(s) address that accepts POST requests.">
          {(id) => (
            <Input
              id={id}
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
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
                checked={events.includes(name)}
                onChange={() => toggle(name)}
              />
              {eventLabels[name]}
            </label>
          ))}
        </fieldset>
        <div>
          <Button
            type="submit"
            variant="primary"
            disabled={!url.trim() || events.length === 0 || create.isPending}
          >
            {create.isPending ? "Adding…" : "Add webhook"}
          </Button>
        </div>
      </form>
      {secret ? (
        <div
          className="flex flex-col gap-2 rounded-lg border border-warning-600/30 bg-warning-50 p-3"
          role="status"
        >
          <p className="text-[13px]">
            Signing secret: copy it now, it is not shown again. Verify the X-Parley-Signature header with it.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 truncate font-mono text-[13px]" data-testid="webhook-secret">
              {secret}
            </code>
            <CopyButton value={secret} copiedMessage="Secret copied" />
            <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      {webhooks.error ? (
        <p className="text-danger-600">Could not load the webhooks: {getErrorMessage(webhooks.error)}</p>
      ) : webhooks.data && webhooks.data.webhooks.length > 0 ? (
        <ul aria-label="Webhooks" className="flex flex-col gap-2">
          {webhooks.data.webhooks.map((webhook) => (
            <li key={webhook.id} className="rounded-lg border border-line p-3">
              <div className="flex flex-wrap items-center gap-2">
                <code className="min-w-0 flex-1 truncate font-mono text-[13px]">{webhook.url}</code>
                <Button
                  size="sm"
                  onClick={() => setOpenLog(openLog === webhook.id ? null : webhook.id)}
                  aria-expanded={openLog === webhook.id}
                >
                  Delivery log
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(webhook.id)}>
                  Delete
                </Button>
              </div>
              <p className="mt-1 text-[13px] text-muted">
                {webhook.events.map((name) => eventLabels[name]).join(", ")} · added{" "}
                {formatDate(webhook.createdAt)}
              </p>
              {openLog === webhook.id ? <DeliveryLog botId={botId} webhookId={webhook.id} /> : null}
            </li>
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

/** The last 100 deliveries of one webhook, newest first. */
function DeliveryLog({ botId, webhookId }: { botId: string; webhookId: string }) {
  const trpc = useTRPC();
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
          <th className="py-1 font-medium">Attempts</th>
        </tr>
      </thead>
      <tbody>
        {log.data.deliveries.map((delivery) => (
          <tr key={delivery.id} className="border-t border-line align-top">
            <td className="py-1 pr-3">{formatDateTime(delivery.createdAt)}</td>
            <td className="py-1 pr-3">{eventLabels[delivery.event]}</td>
            <td className="py-1 pr-3">
              <Badge tone={statusTones[delivery.status]}>{delivery.status.toLowerCase()}</Badge>
            </td>
            <td className="py-1 pr-3">{delivery.responseCode ?? delivery.error ?? "—"}</td>
            <td className="py-1">{delivery.attempts}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
