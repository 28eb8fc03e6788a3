import type { VariableValue } from "@parley/schemas";
import { getFlowIndex } from "../flow/getFlowIndex";
import { chooseStartLanguage } from "../languages/sessionLanguage";
import type { FlowSnapshot } from "../types/flow";
import type { StartChatParams } from "../types/outcome";
import { SESSION_STATE_VERSION, type SessionState } from "../types/state";
import { serializeVariableValue } from "../variables/serializeVariableValue";

/** The state of a new session: defaults, restored result variables, then prefilled variables by name. */
export const createSessionState = (request: StartChatParams): SessionState => {
  const { flow, resultId } = request;
  const index = getFlowIndex(flow);
  const variables = getDefaultVariableValues(flow);
  for (const variable of request.resumedResult?.variables ?? []) {
    if (index.variablesById.has(variable.id) && variable.value !== null)
      variables[variable.id] = variable.value;
  }
  for (const [name, value] of Object.entries(request.prefilledVariables ?? {})) {
    const variable = index.variablesByName.get(name);
    const serialized = serializeVariableValue(value);
    if (variable && serialized !== null) variables[variable.id] = serialized;
  }
  const language = chooseStartLanguage(flow, request.languageHints, request.prefilledVariables);
  const languageVariableId = flow.settings.languages?.variableId;
  if (language && languageVariableId && index.variablesById.has(languageVariableId))
    variables[languageVariableId] = language;
  const answerCount = request.resumedResult?.answerCount ?? 0;
  return {
    version: SESSION_STATE_VERSION,
    flowId: flow.id,
    botId: flow.botId,
    workspaceId: flow.workspaceId,
    isPreview: request.isPreview,
    isStreamEnabled: request.isStreamEnabled,
    frames: [
      {
        flowId: flow.id,
        botId: flow.botId,
        resultId,
        isMergingWithParent: false,
        variables,
        resumePoints: [],
        returnMark: null,
      },
    ],
    results: {
      [resultId]: {
        botId: flow.botId,
        flowId: flow.id,
        answerCount,
        visitedEdgeCount: request.resumedResult?.visitedEdgeCount ?? 0,
        answers: [],
      },
    },
    waitingFor: null,
    progress: isProgressBarEnabled(request) ? { answered: answerCount, lastValue: 0 } : null,
    transcript: index.usesTranscript ? [] : null,
    contact: request.contact ?? null,
    ...(request.isOnMessagingChannel ? { isOnMessagingChannel: true as const } : {}),
    ...(request.isOnMessagingChannel && request.messagingChannel
      ? { messagingChannel: request.messagingChannel }
      : {}),
    ...(language ? { language } : {}),
    isCompleted: false,
  };
};

/** Values the flow declares for its variables. */
export const getDefaultVariableValues = (flow: FlowSnapshot): Record<string, VariableValue> => {
  const values: Record<string, VariableValue> = {};
  for (const variable of flow.variables) {
    if (variable.value !== undefined && variable.value !== null) values[variable.id] = variable.value;
  }
  return values;
};

const isProgressBarEnabled = (request: StartChatParams): boolean => {
  if (request.isProgressBarEnabled !== undefined) return request.isProgressBarEnabled;
  return request.flow.theme.general?.progressBar?.isEnabled === true;
};
