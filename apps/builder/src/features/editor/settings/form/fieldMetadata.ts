import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { getEditorBlockDefinition } from "../../store/getEditorBlockDefinition";

/**
 * How option keys read in the settings panels, in the interface language. Keys missing here are humanised
 * ("buttonLabel" → "Button label"); keys listed in `hiddenKeys` are not edited by hand.
 */
export const getFieldLabels = (t: InterfaceTranslator<"FieldLabels">): Record<string, string> => ({
  variableId: t("variableId"),
  saveVariableId: t("saveVariableId"),
  dynamicVariableId: t("dynamicVariableId"),
  labels: t("labels"),
  isLong: t("isLong"),
  inputMode: t("inputMode"),
  audioClip: t("audioClip"),
  attachments: t("attachments"),
  retryMessageContent: t("retryMessageContent"),
  defaultCountryCode: t("defaultCountryCode"),
  isMultipleChoice: t("isMultipleChoice"),
  isSearchable: t("isSearchable"),
  areInitialSearchButtonsVisible: t("areInitialSearchButtonsVisible"),
  hasTime: t("hasTime"),
  isRange: t("isRange"),
  isRequired: t("isRequired"),
  isMultipleAllowed: t("isMultipleAllowed"),
  allowedFileTypes: t("allowedFileTypes"),
  isOneClickSubmitEnabled: t("isOneClickSubmitEnabled"),
  customIcon: t("customIcon"),
  startsAt: t("startsAt"),
  length: t("length"),
  additionalInformation: t("additionalInformation"),
  credentialsId: t("credentialsId"),
  proxyCredentialsId: t("proxyCredentialsId"),
  expressionToEvaluate: t("expressionToEvaluate"),
  isCode: t("isCode"),
  isExecutedOnClient: t("isExecutedOnClient"),
  expressionDescription: t("expressionDescription"),
  saveErrorInVariableId: t("saveErrorInVariableId"),
  saveItemInVariableId: t("saveItemInVariableId"),
  mapListItemParams: t("mapListItemParams"),
  baseItemVariableId: t("baseItemVariableId"),
  baseListVariableId: t("baseListVariableId"),
  targetListVariableId: t("targetListVariableId"),
  item: t("item"),
  timeZone: t("timeZone"),
  isNewTab: t("isNewTab"),
  secondsToWaitFor: t("secondsToWaitFor"),
  shouldPause: t("shouldPause"),
  aPercent: t("aPercent"),
  webhook: t("webhook"),
  queryParams: t("queryParams"),
  isCustomBody: t("isCustomBody"),
  variablesForTest: t("variablesForTest"),
  responseVariableMapping: t("responseVariableMapping"),
  bodyPath: t("bodyPath"),
  timeout: t("timeout"),
  mergeResults: t("mergeResults"),
  saveResponseMapping: t("saveResponseMapping"),
  shouldExecuteInParentContext: t("shouldExecuteInParentContext"),
  isBodyCode: t("isBodyCode"),
  attachmentsVariableId: t("attachmentsVariableId"),
  replyTo: t("replyTo"),
  cc: t("cc"),
  bcc: t("bcc"),
  isInitSkip: t("isInitSkip"),
  eventType: t("eventType"),
  sendTo: t("sendTo"),
  pictureSrcsVariableId: t("pictureSrcsVariableId"),
  titlesVariableId: t("titlesVariableId"),
  descriptionsVariableId: t("descriptionsVariableId"),
  dynamicItems: t("dynamicItems"),
  waitForEvent: t("waitForEvent"),
  saveDataInVariableId: t("saveDataInVariableId"),
  clickLink: t("clickLink"),
  areControlsDisplayed: t("areControlsDisplayed"),
  isAutoplayEnabled: t("isAutoplayEnabled"),
  aspectRatio: t("aspectRatio"),
  maxWidth: t("maxWidth"),
  queryParamsStr: t("queryParamsStr"),
  url: t("url"),
  id: t("id"),
  baseUrl: t("baseUrl"),
  apiVersion: t("apiVersion"),
  responseMapping: t("responseMapping"),
  valueToExtract: t("valueToExtract"),
  dialogueVariableId: t("dialogueVariableId"),
  startsBy: t("startsBy"),
  saveUrlInVariableId: t("saveUrlInVariableId"),
  transcriptionVariableId: t("transcriptionVariableId"),
  variablesToExtract: t("variablesToExtract"),
  maxTokens: t("maxTokens"),
  systemMessage: t("systemMessage"),
  input: t("input"),
  internalValue: t("internalValue"),
  displayCondition: t("displayCondition"),
  isHumanHandover: t("isHumanHandover"),
  summaryVariableId: t("summaryVariableId"),
});

/** Keys the panels never show: ids, editor-only state and flags the system sets. */
export const hiddenKeys = new Set(["id", "outgoingEdgeId", "isAdvancedConfig", "isUnsafe"]);

/**
 * Whether a string option is code (monospace, Tab indents): the block definition decides for its
 * own options (`settings.isCodeField`), else the key does.
 */
export function isCodeField(blockType: string, key: string, root: Record<string, unknown>): boolean {
  const isCode = getEditorBlockDefinition(blockType)?.settings?.isCodeField?.(key, root);
  if (isCode !== undefined) return isCode;
  if (key === "expressionToEvaluate") return root.isCode === true;
  return key === "body" || key === "svg" || key === "code" || key === "customHeadCode";
}

/** String options edited in a multi-line box. */
export const longTextKeys = new Set([
  "retryMessageContent",
  "description",
  "expressionDescription",
  "body",
  "prompt",
  "systemMessage",
  "instructions",
  "openingMessage",
  "fallbackMessage",
]);
