import type { PluginBlockResult } from "@parley/engine";
import type { ChatLogInput, VariableValue, ZendeskBlock } from "@parley/schemas";
import { zendeskCredentials } from "@parley/schemas/credentials";
import { z } from "zod";
import { readWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import { callServiceApi, describeServiceRefusal, isSuccessStatus } from "../callServiceApi";
import { errorLog, logsOnly, type PluginContext, successLog } from "../pluginContext";
import { signZendeskMessengerJwt } from "./signZendeskMessengerJwt";

type ZendeskOptions = NonNullable<ZendeskBlock["options"]>;

/** The `zendesk` kind: the messaging widget opened in the visitor's page, or a ticket created from the server. */
export async function runZendesk(block: ZendeskBlock, context: PluginContext): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  return options.action === "Create Ticket"
    ? createTicket(options, context)
    : openWebWidget(options, context);
}

async function readAccount(options: ZendeskOptions, context: PluginContext) {
  if (!options.credentialsId) return null;
  return readWorkspaceCredentials(context.getPrisma(), {
    workspaceId: context.request.workspaceId,
    credentialsId: options.credentialsId,
    types: [zendeskCredentials.type],
  });
}

/**
 * Open Web Widget: a `zendesk` client-side action with the widget's key (the block's, else the account's) and,
 * when the block names a user ID, a JWT signed here with the account's messaging key (HS256, `kid` = key ID), so
 * the secret never reaches the page. A block without an account opens the widget for an anonymous visitor.
 */
async function openWebWidget(options: ZendeskOptions, context: PluginContext): Promise<PluginBlockResult> {
  const account = await readAccount(options, context);
  if (account && !account.ok)
    return logsOnly(errorLog("Zendesk credentials could not be read", account.error));
  const data = account?.data;
  const key = options.webWidgetKey?.trim() || data?.webWidgetKey?.trim();
  if (!key) return logsOnly(errorLog("Zendesk Open Web Widget: no web widget key; skipped"));
  const userId = options.userId?.trim();
  const logs: ChatLogInput[] = [];
  let jwt: string | null = null;
  if (userId) {
    if (data?.conversationsKeyId && data.conversationsSecretKey) {
      const name = options.name?.trim();
      const email = options.email?.trim();
      jwt = signZendeskMessengerJwt({
        keyId: data.conversationsKeyId,
        secret: data.conversationsSecretKey,
        claims: {
          scope: "user",
          external_id: userId,
          ...(name ? { name } : {}),
          ...(email ? { email, email_verified: options.isEmailVerified === true } : {}),
        },
      });
    } else
      logs.push(
        errorLog(
          "Zendesk Open Web Widget: the visitor was not signed in",
          "Signing a visitor in needs the account's messaging key ID and secret key; the widget opened for an anonymous visitor.",
        ),
      );
  }
  logs.push(successLog(jwt ? "Zendesk messaging opened, visitor signed in" : "Zendesk messaging opened"));
  return {
    variableUpdates: [],
    logs,
    clientSideActions: [{ type: "zendesk", zendesk: { key, jwt } }],
  };
}

/** `acme`, `acme.zendesk.com` or a full origin, as the API's origin. */
export function toZendeskOrigin(subdomain: string): string {
  const value = subdomain.trim().replace(/\/+$/, "");
  if (/^https?:\/\//i.test(value)) return value;
  return `https://${value.replace(/\.zendesk\.com$/i, "")}.zendesk.com`;
}

/** Zendesk's answer to a created ticket. */
const createdTicketSchema = z.object({ ticket: z.object({ id: z.number() }) });

/** Zendesk's refusal of a record: `{error, description, details: {field: [{description}]}}`. */
const recordErrorSchema = z.object({
  error: z.unknown().optional(),
  description: z.string().optional().catch(undefined),
  details: z
    .record(z.string(), z.array(z.object({ description: z.string().optional().catch(undefined) })).catch([]))
    .optional()
    .catch(undefined),
});

/**
 * Create Ticket: `POST {origin}/api/v2/tickets.json` with basic auth `{email}/token:{apiToken}` and
 * `{ticket: {subject, comment: {body}, requester: {name, email}, priority, tags, custom_fields}}`; the ticket's
 * id and its address in the agent workspace go to the block's variables. Zendesk's refusals become error logs:
 * 401 (credentials), 422 (its record errors, field by field), 429 (with its Retry-After).
 */
async function createTicket(options: ZendeskOptions, context: PluginContext): Promise<PluginBlockResult> {
  const account = await readAccount(options, context);
  if (!account) return logsOnly(errorLog("Zendesk block has no account; skipped"));
  if (!account.ok) return logsOnly(errorLog("Zendesk credentials could not be read", account.error));
  const { subdomain, email: agentEmail, apiToken } = account.data;
  if (!subdomain || !agentEmail || !apiToken)
    return logsOnly(
      errorLog("Zendesk Create Ticket: the account needs its subdomain, agent e-mail and API token; skipped"),
    );
  const body = options.body?.trim();
  if (!body) return logsOnly(errorLog("Zendesk Create Ticket: the description is empty; skipped"));
  const customFields: { id: number; value: string }[] = [];
  for (const row of options.customFields ?? []) {
    const key = row.key?.trim();
    if (!key) continue;
    if (!/^\d+$/.test(key))
      return logsOnly(
        errorLog(`Zendesk Create Ticket: custom field "${key}" is not a field ID (a number); skipped`),
      );
    customFields.push({ id: Number(key), value: row.value ?? "" });
  }
  const tags = (options.tags ?? "")
    .split(/[\s,]+/)
    .map((tag) => tag.trim())
    .filter(Boolean);
  const requesterEmail = options.email?.trim();
  const requesterName = options.name?.trim();
  const subject = options.subject?.trim();
  const origin = toZendeskOrigin(subdomain);
  const authorization = `Basic ${Buffer.from(`${agentEmail}/token:${apiToken}`).toString("base64")}`;
  const secrets = [apiToken, authorization];
  const response = await callServiceApi(
    { ...context.call, service: "Zendesk" },
    {
      method: "POST",
      url: `${origin}/api/v2/tickets.json`,
      headers: { authorization },
      body: {
        ticket: {
          ...(subject ? { subject } : {}),
          comment: { body },
          ...(requesterEmail
            ? { requester: { name: requesterName || requesterEmail, email: requesterEmail } }
            : {}),
          ...(options.priority ? { priority: options.priority } : {}),
          ...(tags.length > 0 ? { tags } : {}),
          ...(customFields.length > 0 ? { custom_fields: customFields } : {}),
        },
      },
      secrets,
    },
  );
  if (!response.ok) return logsOnly(errorLog("Zendesk did not answer", response.error));
  if (!isSuccessStatus(response.status)) return logsOnly(describeTicketRefusal(response, secrets));
  const created = createdTicketSchema.safeParse(response.body);
  if (!created.success)
    return logsOnly(errorLog("Zendesk answered without a ticket", response.text.slice(0, 300)));
  const id = String(created.data.ticket.id);
  const updates: { variableId: string; value: VariableValue }[] = [];
  if (options.saveTicketIdInVariableId)
    updates.push({ variableId: options.saveTicketIdInVariableId, value: id });
  if (options.saveTicketUrlInVariableId)
    updates.push({ variableId: options.saveTicketUrlInVariableId, value: `${origin}/agent/tickets/${id}` });
  return { variableUpdates: updates, logs: [successLog(`Zendesk ticket #${id} created`)] };
}

function describeTicketRefusal(
  response: { status: number; body: unknown; text: string; headers: Record<string, string> },
  secrets: readonly string[],
) {
  if (response.status === 401 || response.status === 403)
    return errorLog(
      "Zendesk refused the account's credentials",
      describeServiceRefusal("Zendesk", response, secrets),
    );
  if (response.status === 429) {
    const retryAfter = response.headers["retry-after"]?.trim();
    return errorLog(
      "Zendesk limited the account's requests; no ticket was created",
      `Zendesk answered 429${retryAfter ? `: retry after ${retryAfter} seconds` : ""}`,
    );
  }
  if (response.status === 422) {
    const record = recordErrorSchema.safeParse(response.body);
    if (record.success) {
      const fields = Object.entries(record.data.details ?? {}).flatMap(([field, problems]) =>
        problems.map((problem) => `${field}: ${problem.description ?? "invalid"}`),
      );
      const summary = record.data.description ?? "Record validation errors";
      return errorLog(
        "Zendesk refused the ticket",
        `Zendesk answered 422: ${[summary, ...fields].join("; ")}`.slice(0, 1000),
      );
    }
  }
  return errorLog("Zendesk refused the ticket", describeServiceRefusal("Zendesk", response, secrets));
}
