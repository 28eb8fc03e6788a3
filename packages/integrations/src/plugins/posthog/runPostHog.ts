import { randomUUID } from "node:crypto";
import type { PluginBlockResult } from "@parley/engine";
import { type PostHogBlock, toPropertyObject } from "@parley/schemas";
import { postHogCredentials } from "@parley/schemas/credentials";
import { readWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import { callServiceApi, describeServiceRefusal, isSuccessStatus } from "../callServiceApi";
import { errorLog, logsOnly, type PluginContext, successLog } from "../pluginContext";

/** One PostHog event as its capture endpoint takes it. */
interface PostHogEvent {
  event: string;
  distinct_id: string;
  properties: Record<string, unknown>;
}

/**
 * `posthog`: Capture, Identify User and Identify Group, each one event sent to the project's capture
 * endpoint (`POST {host}/i/v0/e/`, the project API key in the body), as PostHog's server libraries do:
 * identify is the `$identify` event with `$set`, a group is the `$groupidentify` event with `$group_set`.
 */
export async function runPostHog(block: PostHogBlock, context: PluginContext): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  if (!options.credentialsId) return logsOnly(errorLog("PostHog block has no account; skipped"));
  const event = toPostHogEvent(options);
  if (!event.ok) return logsOnly(errorLog(event.error));
  const credentials = await readWorkspaceCredentials(context.getPrisma(), {
    workspaceId: context.request.workspaceId,
    credentialsId: options.credentialsId,
    types: [postHogCredentials.type],
  });
  if (!credentials.ok) return logsOnly(errorLog("PostHog credentials could not be read", credentials.error));
  const { apiKey, host } = credentials.data;
  const secrets = [apiKey];
  const response = await callServiceApi(
    { ...context.call, service: "PostHog" },
    {
      method: "POST",
      url: `${host.replace(/\/+$/, "")}/i/v0/e/`,
      body: {
        api_key: apiKey,
        ...event.event,
        properties: { ...event.event.properties, $lib: "parley" },
        timestamp: context.now().toISOString(),
        uuid: randomUUID(),
      },
      secrets,
    },
  );
  if (!response.ok) return logsOnly(errorLog("PostHog event was not sent", response.error));
  if (!isSuccessStatus(response.status))
    return logsOnly(
      errorLog("PostHog refused the event", describeServiceRefusal("PostHog", response, secrets)),
    );
  return logsOnly(successLog(`PostHog: ${event.event.event} sent`));
}

type PostHogOptions = NonNullable<PostHogBlock["options"]>;

function toPostHogEvent(
  options: PostHogOptions,
): { ok: true; event: PostHogEvent } | { ok: false; error: string } {
  const action = options.action ?? "Capture";
  const properties = toPropertyObject(options.properties);
  if (action === "Identify User") {
    const userId = options.userId?.trim();
    if (!userId) return { ok: false, error: "PostHog Identify User: the user ID is empty; skipped" };
    return { ok: true, event: { event: "$identify", distinct_id: userId, properties: { $set: properties } } };
  }
  if (action === "Identify Group") {
    const distinctId = options.distinctId?.trim();
    const groupType = options.groupType?.trim();
    const groupKey = options.groupKey?.trim();
    if (!groupType || !groupKey)
      return { ok: false, error: "PostHog Identify Group: the group type and key are required; skipped" };
    return {
      ok: true,
      event: {
        event: "$groupidentify",
        // PostHog's libraries name a group's own event `${type}_${key}` when no person is given.
        distinct_id: distinctId || `$${groupType}_${groupKey}`,
        properties: { $group_type: groupType, $group_key: groupKey, $group_set: properties },
      },
    };
  }
  const event = options.event?.trim();
  if (!event) return { ok: false, error: "PostHog Capture: the event name is empty; skipped" };
  const distinctId = options.isAnonymous ? randomUUID() : options.distinctId?.trim();
  if (!distinctId) return { ok: false, error: "PostHog Capture: the distinct ID is empty; skipped" };
  const personProperties = toPropertyObject(options.personProperties);
  const groups: Record<string, string> = {};
  for (const group of options.groups ?? [])
    if (group.type?.trim() && group.key?.trim()) groups[group.type.trim()] = group.key.trim();
  return {
    ok: true,
    event: {
      event,
      distinct_id: distinctId,
      properties: {
        ...properties,
        ...(Object.keys(personProperties).length > 0 && !options.isAnonymous
          ? { $set: personProperties }
          : {}),
        ...(Object.keys(groups).length > 0 ? { $groups: groups } : {}),
        // An anonymous event makes no person profile (PostHog's anonymous events).
        ...(options.isAnonymous ? { $process_person_profile: false } : {}),
      },
    },
  };
}
