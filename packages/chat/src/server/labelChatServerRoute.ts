import { healthRoutes } from "@parley/platform/health";
import { createRouteLabeler, toRoutePattern } from "@parley/platform/metrics";
import { chatEndpoints } from "../chatEndpoints";
import { fullChatPath } from "../core/chatEndpoint";

const templates = [...healthRoutes.keys(), ...new Set(chatEndpoints.map(fullChatPath))];
const parameterCount = (template: string) => template.split("{").length;

/**
 * The route label of a chat server request: its endpoint's path template (`/api/v1/sessions/{sessionId}/continueChat`),
 * a health path, or `unmatched`. Templates with fewer parameters are tried first, so a literal segment wins.
 */
export const labelChatServerRoute = createRouteLabeler(
  templates.sort((a, b) => parameterCount(a) - parameterCount(b)).map(toRoutePattern),
);
