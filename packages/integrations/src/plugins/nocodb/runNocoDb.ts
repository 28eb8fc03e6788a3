import type { PluginBlockResult } from "@parley/engine";
import { type NocoDbBlock, toPropertyObject, type VariableValue } from "@parley/schemas";
import { nocoDbCredentials } from "@parley/schemas/credentials";
import { z } from "zod";
import { readWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import {
  callServiceApi,
  describeServiceRefusal,
  isSuccessStatus,
  type ServiceResponse,
} from "../callServiceApi";
import { errorLog, logsOnly, type PluginContext, successLog } from "../pluginContext";
import { toNocoDbWhere } from "./toNocoDbWhere";

type NocoDbOptions = NonNullable<NocoDbBlock["options"]>;

/** Records read per search or update, as Typebot's plug-in reads them. */
const SEARCH_LIMIT = 1000;

/** A list answer of the v2 records API: the records under `list`. */
const recordListSchema = z.object({ list: z.array(z.record(z.string(), z.unknown())) });

interface NocoDbApi {
  tableUrl: string;
  apiKey: string;
  context: PluginContext;
}

/**
 * `nocodb`: Search Records (fields of the matching records into variables), Create Record and Update Existing
 * Record (the fields written on every record the filter matches), on NocoDB's v2 records API
 * (`/api/v2/tables/{tableId}/records`, the API token in `xc-token`).
 */
export async function runNocoDb(block: NocoDbBlock, context: PluginContext): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  const action = options.action ?? "Search Records";
  if (!options.credentialsId) return logsOnly(errorLog("NocoDB block has no account; skipped"));
  const tableId = options.tableId?.trim();
  if (!tableId) return logsOnly(errorLog(`NocoDB ${action}: the table ID is empty; skipped`));
  const credentials = await readWorkspaceCredentials(context.getPrisma(), {
    workspaceId: context.request.workspaceId,
    credentialsId: options.credentialsId,
    types: [nocoDbCredentials.type],
  });
  if (!credentials.ok) return logsOnly(errorLog("NocoDB credentials could not be read", credentials.error));
  const api: NocoDbApi = {
    tableUrl: `${credentials.data.baseUrl.replace(/\/+$/, "")}/api/v2/tables/${encodeURIComponent(tableId)}/records`,
    apiKey: credentials.data.apiKey,
    context,
  };
  if (action === "Create Record") return createRecord(api, options);
  if (action === "Update Existing Record") return updateRecords(api, options);
  return searchRecords(api, options);
}

const send = (api: NocoDbApi, request: { method: "GET" | "POST" | "PATCH"; url: string; body?: unknown }) =>
  callServiceApi(
    { ...api.context.call, service: "NocoDB" },
    { ...request, headers: { "xc-token": api.apiKey }, secrets: [api.apiKey] },
  );

/** A failed call's log, or undefined when the answer is a success. */
function failureOf(response: ServiceResponse, what: string, apiKey: string): PluginBlockResult | undefined {
  if (!response.ok) return logsOnly(errorLog(`NocoDB: ${what} failed`, response.error));
  if (!isSuccessStatus(response.status))
    return logsOnly(errorLog(`NocoDB: ${what} failed`, describeServiceRefusal("NocoDB", response, [apiKey])));
  return undefined;
}

async function listRecords(
  api: NocoDbApi,
  options: NocoDbOptions,
): Promise<{ ok: true; records: Record<string, unknown>[] } | { ok: false; result: PluginBlockResult }> {
  const query = new URLSearchParams();
  const where = toNocoDbWhere(options.filter);
  if (where) query.set("where", where);
  if (options.viewId?.trim()) query.set("viewId", options.viewId.trim());
  query.set("limit", String(SEARCH_LIMIT));
  const response = await send(api, { method: "GET", url: `${api.tableUrl}?${query}` });
  const failure = failureOf(response, "the search", api.apiKey);
  if (failure || !response.ok) return { ok: false, result: failure ?? logsOnly() };
  const parsed = recordListSchema.safeParse(response.body);
  if (!parsed.success)
    return { ok: false, result: logsOnly(errorLog("NocoDB: the search's answer has no list of records")) };
  return { ok: true, records: parsed.data.list };
}

async function searchRecords(api: NocoDbApi, options: NocoDbOptions): Promise<PluginBlockResult> {
  const listed = await listRecords(api, options);
  if (!listed.ok) return listed.result;
  const records = pickRecords(listed.records, options.returnType ?? "All");
  if (records.length === 0)
    return logsOnly({
      status: "info",
      description: "NocoDB: no record matches the filter; variables left unchanged",
    });
  const variableUpdates: PluginBlockResult["variableUpdates"] = [];
  const logs: PluginBlockResult["logs"] = [];
  for (const mapping of options.responseMapping ?? []) {
    const field = mapping.fieldName?.trim();
    if (!field || !mapping.variableId) continue;
    if (!(field in records[0]!)) {
      logs.push(errorLog(`NocoDB: the records have no field "${field}"`));
      continue;
    }
    const values = records.map((record) => toVariableText(record[field]));
    const value: VariableValue = values.length === 1 ? values[0]! : values;
    variableUpdates.push({ variableId: mapping.variableId, value });
  }
  logs.push(successLog(`NocoDB: ${records.length} record${records.length === 1 ? "" : "s"} found`));
  return { variableUpdates, logs };
}

function pickRecords(records: Record<string, unknown>[], returnType: string): Record<string, unknown>[] {
  if (records.length === 0 || returnType === "All") return records;
  if (returnType === "First") return [records[0]!];
  if (returnType === "Last") return [records[records.length - 1]!];
  return [records[Math.floor(Math.random() * records.length)]!];
}

/** A field's value as a variable holds it: text, numbers and booleans as written, objects as JSON, null kept. */
function toVariableText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

async function createRecord(api: NocoDbApi, options: NocoDbOptions): Promise<PluginBlockResult> {
  const record = toPropertyObject(options.fields);
  if (Object.keys(record).length === 0)
    return logsOnly(errorLog("NocoDB Create Record: no field to write; skipped"));
  const response = await send(api, { method: "POST", url: api.tableUrl, body: record });
  return (
    failureOf(response, "creating the record", api.apiKey) ?? logsOnly(successLog("NocoDB: record created"))
  );
}

async function updateRecords(api: NocoDbApi, options: NocoDbOptions): Promise<PluginBlockResult> {
  const updates: Record<string, string | null> = {};
  for (const update of options.updates ?? []) {
    const field = update.fieldName?.trim();
    if (field) updates[field] = update.value ?? null;
  }
  if (Object.keys(updates).length === 0)
    return logsOnly(errorLog("NocoDB Update Existing Record: no field to write; skipped"));
  // Without a comparison every record of the table would be rewritten: refused, as in Typebot.
  if (!toNocoDbWhere(options.filter))
    return logsOnly(errorLog("NocoDB Update Existing Record: the filter has no comparison; skipped"));
  const listed = await listRecords(api, options);
  if (!listed.ok) return listed.result;
  const ids = listed.records
    .map((record) => record.Id ?? record.id)
    .filter((id) => id !== undefined && id !== null);
  if (ids.length === 0)
    return logsOnly({ status: "info", description: "NocoDB: no record matches the filter; nothing updated" });
  const response = await send(api, {
    method: "PATCH",
    url: api.tableUrl,
    body: ids.map((id) => ({ Id: id, ...updates })),
  });
  return (
    failureOf(response, "updating the records", api.apiKey) ??
    logsOnly(successLog(`NocoDB: ${ids.length} record${ids.length === 1 ? "" : "s"} updated`))
  );
}
