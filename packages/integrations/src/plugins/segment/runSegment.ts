import type { PluginBlockResult } from "@parley/engine";
import { type SegmentBlock, toPropertyObject } from "@parley/schemas";
import { segmentCredentials } from "@parley/schemas/credentials";
import { readWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import { callServiceApi, describeServiceRefusal, isSuccessStatus } from "../callServiceApi";
import { errorLog, logsOnly, type PluginContext, successLog } from "../pluginContext";

type SegmentOptions = NonNullable<SegmentBlock["options"]>;
type SegmentCall = {
  path: "identify" | "track" | "page" | "alias";
  label: string;
  body: Record<string, unknown>;
};

/**
 * `segment`: Identify User, Track, Page and Alias, each one call of Segment's HTTP tracking API
 * (`POST {endpoint}/v1/<call>`, HTTP Basic with the write key as user name). The message id is derived from
 * the result, block and visit, so a retried turn sends the same id and Segment counts it once.
 */
export async function runSegment(block: SegmentBlock, context: PluginContext): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  if (!options.credentialsId) return logsOnly(errorLog("Segment block has no account; skipped"));
  const call = toSegmentCall(options);
  if (!call.ok) return logsOnly(errorLog(call.error));
  const credentials = await readWorkspaceCredentials(context.getPrisma(), {
    workspaceId: context.request.workspaceId,
    credentialsId: options.credentialsId,
    types: [segmentCredentials.type],
  });
  if (!credentials.ok) return logsOnly(errorLog("Segment credentials could not be read", credentials.error));
  const { apiKey, endpoint } = credentials.data;
  const basic = Buffer.from(`${apiKey}:`).toString("base64");
  const secrets = [apiKey, basic];
  const { resultId, blockId, visit } = context.request.idempotency;
  const response = await callServiceApi(
    { ...context.call, service: "Segment" },
    {
      method: "POST",
      url: `${endpoint.replace(/\/+$/, "")}/v1/${call.call.path}`,
      headers: { authorization: `Basic ${basic}` },
      body: {
        ...call.call.body,
        messageId: `parley-${resultId}-${blockId}-${visit}`,
        timestamp: context.now().toISOString(),
        context: { library: { name: "parley", version: "1" } },
      },
      secrets,
    },
  );
  if (!response.ok) return logsOnly(errorLog(`Segment ${call.call.label} was not sent`, response.error));
  if (!isSuccessStatus(response.status))
    return logsOnly(
      errorLog(
        `Segment refused the ${call.call.label}`,
        describeServiceRefusal("Segment", response, secrets),
      ),
    );
  return logsOnly(successLog(`Segment: ${call.call.label} sent`));
}

function toSegmentCall(
  options: SegmentOptions,
): { ok: true; call: SegmentCall } | { ok: false; error: string } {
  const action = options.action ?? "Track";
  const userId = options.userId?.trim();
  if (!userId) return { ok: false, error: `Segment ${action}: the user ID is empty; skipped` };
  switch (action) {
    case "Identify User": {
      const email = options.email?.trim();
      const traits = { ...toPropertyObject(options.traits), ...(email ? { email } : {}) };
      return { ok: true, call: { path: "identify", label: "identify", body: { userId, traits } } };
    }
    case "Page": {
      const name = options.name?.trim();
      if (!name) return { ok: false, error: "Segment Page: the page name is empty; skipped" };
      const category = options.category?.trim();
      const properties = { ...toPropertyObject(options.properties), name, ...(category ? { category } : {}) };
      return {
        ok: true,
        call: {
          path: "page",
          label: "page",
          body: { userId, name, ...(category ? { category } : {}), properties },
        },
      };
    }
    case "Alias": {
      const previousId = options.previousId?.trim();
      if (!previousId) return { ok: false, error: "Segment Alias: the previous ID is empty; skipped" };
      return { ok: true, call: { path: "alias", label: "alias", body: { userId, previousId } } };
    }
    default: {
      const event = options.eventName?.trim();
      if (!event) return { ok: false, error: "Segment Track: the event name is empty; skipped" };
      const properties = toPropertyObject(options.properties);
      return {
        ok: true,
        call: { path: "track", label: `event ${event}`, body: { userId, event, properties } },
      };
    }
  }
}
