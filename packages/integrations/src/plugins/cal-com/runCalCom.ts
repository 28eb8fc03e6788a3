import type { PluginBlockResult } from "@parley/engine";
import type { CalComBlock, CalComOptions } from "@parley/schemas";
import { calComCredentials, defaultCalComApiUrl, defaultCalComBaseUrl } from "@parley/schemas/credentials";
import { z } from "zod";
import { readWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import { callServiceApi, describeServiceRefusal, isSuccessStatus } from "../callServiceApi";
import { errorLog, logsOnly, type PluginContext, successLog } from "../pluginContext";
import { createCalComEmbed, toCalLink } from "./calComEmbed";

/** The version of Cal.com's slots endpoint whose answer is read here (`cal-api-version`). */
export const calComSlotsApiVersion = "2024-09-04";

/** `GET /v2/slots`: the free start times by day. */
const slotsAnswerSchema = z.object({
  status: z.string().optional(),
  data: z.record(z.string(), z.array(z.object({ start: z.string() }).loose())),
});

type CalComAccount = { baseUrl: string; apiUrl: string; apiKey?: string };

/**
 * `cal-com`: "Book event" answers the booking embed the chat shows (the walk waits for the booked date);
 * "Get available slots" asks Cal.com's API v2 for the event's free times and saves them as a list. Without an
 * account Cal.com's cloud is used, without an API key the public event's slots are asked for.
 */
export async function runCalCom(block: CalComBlock, context: PluginContext): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  const action = options.action ?? "Book event";
  const link = toCalLink(options.link ?? "");
  if (!link) return logsOnly(errorLog(`Cal.com ${action}: no event link; skipped`));
  const account = await readAccount(options, context);
  if (!account.ok) return logsOnly(errorLog("Cal.com credentials could not be read", account.error));
  if (action === "Book event")
    return { variableUpdates: [], logs: [], embed: createCalComEmbed(options, account.data.baseUrl, link) };
  return getAvailableSlots(options, link, account.data, context);
}

async function readAccount(
  options: CalComOptions,
  context: PluginContext,
): Promise<{ ok: true; data: CalComAccount } | { ok: false; error: string }> {
  if (!options.credentialsId)
    return { ok: true, data: { baseUrl: defaultCalComBaseUrl, apiUrl: defaultCalComApiUrl } };
  const credentials = await readWorkspaceCredentials(context.getPrisma(), {
    workspaceId: context.request.workspaceId,
    credentialsId: options.credentialsId,
    types: [calComCredentials.type],
  });
  return credentials.ok ? { ok: true, data: credentials.data } : credentials;
}

async function getAvailableSlots(
  options: CalComOptions,
  link: string,
  account: CalComAccount,
  context: PluginContext,
): Promise<PluginBlockResult> {
  const event = toEventQuery(link);
  if (!event)
    return logsOnly(errorLog(`Cal.com Get available slots: "${link}" is not a username/event link`));
  const start = options.startDate?.trim() || context.now().toISOString().slice(0, 10);
  const end = options.endDate?.trim() || addDays(start, 7);
  if (!end) return logsOnly(errorLog(`Cal.com Get available slots: "${start}" is not a date`));
  const query = new URLSearchParams({ ...event, start, end, timeZone: options.timeZone?.trim() || "UTC" });
  const secrets = account.apiKey ? [account.apiKey] : [];
  const response = await callServiceApi(
    { ...context.call, service: "Cal.com" },
    {
      method: "GET",
      url: `${account.apiUrl.replace(/\/+$/, "").replace(/\/v2$/, "")}/v2/slots?${query}`,
      headers: {
        "cal-api-version": calComSlotsApiVersion,
        ...(account.apiKey ? { authorization: `Bearer ${account.apiKey}` } : {}),
      },
      secrets,
    },
  );
  if (!response.ok) return logsOnly(errorLog("Cal.com did not answer", response.error));
  if (!isSuccessStatus(response.status))
    return logsOnly(
      errorLog(
        "Cal.com refused the availability request",
        describeServiceRefusal("Cal.com", response, secrets),
      ),
    );
  const answer = slotsAnswerSchema.safeParse(response.body);
  if (!answer.success)
    return logsOnly(errorLog("Cal.com answered without slots", response.text.slice(0, 300)));
  const slots = Object.keys(answer.data.data)
    .sort()
    .flatMap((day) => answer.data.data[day]!.map((slot) => slot.start));
  return {
    variableUpdates: options.saveSlotsInVariableId
      ? [{ variableId: options.saveSlotsInVariableId, value: slots }]
      : [],
    logs: [successLog(`Cal.com: ${slots.length} free slot${slots.length === 1 ? "" : "s"}`)],
  };
}

/** An individual's event (`username/slug`) or a team's (`team/team-slug/slug`), as the slots endpoint names them. */
function toEventQuery(link: string): Record<string, string> | undefined {
  const parts = link.split("/").filter(Boolean);
  if (parts.length === 2) return { username: parts[0]!, eventTypeSlug: parts[1]! };
  if (parts.length === 3 && parts[0] === "team") return { teamSlug: parts[1]!, eventTypeSlug: parts[2]! };
  return undefined;
}

/** The day `days` after a date (YYYY-MM-DD or ISO 8601), as YYYY-MM-DD; undefined when it is not a date. */
function addDays(date: string, days: number): string | undefined {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(time)) return undefined;
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}
