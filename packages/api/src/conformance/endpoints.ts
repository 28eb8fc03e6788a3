// Every endpoint of api-spec.md and of decisions.md ("Endpoints beyond the spec"), addressed
// at the records of a World, with a body each would accept.
import type { Apps } from "./harness";
import type { World } from "./world";

export interface Endpoint {
  name: string;
  method: string;
  /** `chat`: {chat_url} (the viewer); `base`: {base_url} (the builder). */
  host: "base" | "chat";
  path: (world: World, sessionId: string) => string;
  body?: (world: World) => unknown;
  /** Addresses a record, so a valid token of a non-member is FORBIDDEN. */
  addressesRecord: boolean;
}

export const specEndpoints: Endpoint[] = [
  {
    name: "1 startChat",
    method: "POST",
    host: "chat",
    path: (w) => `/bots/${w.bot.publicId}/startChat`,
    body: () => ({}),
    addressesRecord: true,
  },
  {
    name: "2 continueChat",
    method: "POST",
    host: "chat",
    path: (_w, sessionId) => `/sessions/${sessionId}/continueChat`,
    body: () => ({ message: { type: "text", text: "Ada" } }),
    addressesRecord: true,
  },
  {
    name: "3 updateBot",
    method: "POST",
    host: "chat",
    path: (_w, sessionId) => `/sessions/${sessionId}/updateBot`,
    addressesRecord: true,
  },
  {
    name: "4 get folder",
    method: "GET",
    host: "base",
    path: (w) => `/folders/${w.folder.id}`,
    addressesRecord: true,
  },
  {
    name: "5 update folder",
    method: "PATCH",
    host: "base",
    path: (w) => `/folders/${w.folder.id}`,
    body: (w) => ({ workspaceId: w.workspaceId, folder: { name: "Renamed" } }),
    addressesRecord: true,
  },
  {
    name: "6 list workspaces",
    method: "GET",
    host: "base",
    path: () => "/workspaces",
    addressesRecord: false,
  },
  {
    name: "7 create workspace",
    method: "POST",
    host: "base",
    path: () => "/workspaces",
    body: () => ({ name: "New", icon: "🤖" }),
    addressesRecord: false,
  },
  {
    name: "8 update workspace",
    method: "PATCH",
    host: "base",
    path: (w) => `/workspaces/${w.workspaceId}`,
    body: () => ({ name: "Renamed" }),
    addressesRecord: true,
  },
  { name: "9 get bot", method: "GET", host: "base", path: (w) => `/bots/${w.bot.id}`, addressesRecord: true },
  {
    name: "10 update bot",
    method: "PATCH",
    host: "base",
    path: (w) => `/bots/${w.bot.id}`,
    body: () => ({ bot: { name: "Renamed" } }),
    addressesRecord: true,
  },
  {
    name: "11 delete bot",
    method: "DELETE",
    host: "base",
    path: (w) => `/bots/${w.bot.id}`,
    addressesRecord: true,
  },
  {
    name: "12 get published bot",
    method: "GET",
    host: "base",
    path: (w) => `/bots/${w.bot.id}/publishedBot`,
    addressesRecord: true,
  },
  {
    name: "13 publish",
    method: "POST",
    host: "base",
    path: (w) => `/bots/${w.bot.id}/publish`,
    addressesRecord: true,
  },
  {
    name: "14 unpublish",
    method: "POST",
    host: "base",
    path: (w) => `/bots/${w.bot.id}/unpublish`,
    addressesRecord: true,
  },
  {
    name: "15 stats",
    method: "GET",
    host: "base",
    path: (w) => `/bots/${w.bot.id}/analytics/stats?timeFilter=allTime`,
    addressesRecord: true,
  },
  {
    name: "16 invoices",
    method: "GET",
    host: "base",
    path: (w) => `/billing/invoices?workspaceId=${w.workspaceId}`,
    addressesRecord: true,
  },
  {
    name: "17 usage",
    method: "GET",
    host: "base",
    path: (w) => `/billing/usage?workspaceId=${w.workspaceId}`,
    addressesRecord: true,
  },
];

export const extraEndpoints: Endpoint[] = [
  {
    name: "create folder",
    method: "POST",
    host: "base",
    path: () => "/folders",
    body: (w) => ({ workspaceId: w.workspaceId, folder: { name: "Other" } }),
    addressesRecord: true,
  },
  {
    name: "list folders",
    method: "GET",
    host: "base",
    path: (w) => `/folders?workspaceId=${w.workspaceId}`,
    addressesRecord: true,
  },
  {
    name: "delete folder",
    method: "DELETE",
    host: "base",
    path: (w) => `/folders/${w.folder.id}`,
    addressesRecord: true,
  },
  {
    name: "create bot",
    method: "POST",
    host: "base",
    path: () => "/bots",
    body: (w) => ({ workspaceId: w.workspaceId, bot: { name: "Other" } }),
    addressesRecord: true,
  },
  {
    name: "list bots",
    method: "GET",
    host: "base",
    path: (w) => `/bots?workspaceId=${w.workspaceId}`,
    addressesRecord: true,
  },
  {
    name: "import bot",
    method: "POST",
    host: "base",
    path: () => "/bots/import",
    body: (w) => ({ workspaceId: w.workspaceId, bot: w.bot }),
    addressesRecord: true,
  },
  {
    name: "list results",
    method: "GET",
    host: "base",
    path: (w) => `/bots/${w.bot.id}/results?limit=10`,
    addressesRecord: true,
  },
  {
    name: "preview startChat",
    method: "POST",
    host: "chat",
    path: (w) => `/bots/${w.bot.id}/preview/startChat`,
    body: () => ({}),
    addressesRecord: true,
  },
];

export const allEndpoints = [...specEndpoints, ...extraEndpoints];

/** The full URL of an endpoint for a world. */
export function urlOf(apps: Apps, endpoint: Endpoint, world: World, sessionId: string) {
  const origin = endpoint.host === "chat" ? apps.chatUrl : apps.baseUrl;
  return `${origin}/api/v1${endpoint.path(world, sessionId)}`;
}
