import { getEditorBlockDefinition } from "../../store/getEditorBlockDefinition";

/**
 * How option keys read in the settings panels. Keys missing here are humanised
 * ("buttonLabel" → "Button label"); keys listed in `hiddenKeys` are not edited by hand.
 */
export const fieldLabels: Record<string, string> = {
  variableId: "Save the answer in",
  saveVariableId: "Save in variable",
  dynamicVariableId: "Items from a list variable",
  labels: "Labels",
  isLong: "Long text",
  inputMode: "Keyboard",
  audioClip: "Voice answers",
  attachments: "File attachments",
  retryMessageContent: "Retry message",
  defaultCountryCode: "Default country code",
  isMultipleChoice: "Multiple choice",
  isSearchable: "Search box",
  areInitialSearchButtonsVisible: "Show all buttons before searching",
  hasTime: "With time",
  isRange: "Date range",
  isRequired: "Required",
  isMultipleAllowed: "Allow several files",
  allowedFileTypes: "Allowed file types",
  isOneClickSubmitEnabled: "Submit on click",
  customIcon: "Custom icon",
  startsAt: "First value",
  length: "Number of buttons",
  additionalInformation: "Additional information",
  credentialsId: "Account",
  proxyCredentialsId: "Proxy",
  expressionToEvaluate: "Value",
  isCode: "Evaluate as JavaScript",
  isExecutedOnClient: "Execute on the client",
  expressionDescription: "Description",
  saveErrorInVariableId: "Save errors in",
  saveItemInVariableId: "Save the removed item in",
  mapListItemParams: "Lists",
  baseItemVariableId: "Item",
  baseListVariableId: "Found in list",
  targetListVariableId: "Take the same index from",
  item: "Value to append",
  timeZone: "Time zone",
  isNewTab: "Open in a new tab",
  secondsToWaitFor: "Seconds to wait",
  shouldPause: "Pause the flow until the user replies",
  aPercent: "Percent of users on path A",
  webhook: "Request",
  queryParams: "Query parameters",
  isCustomBody: "Custom body",
  variablesForTest: "Test values",
  responseVariableMapping: "Save the response in variables",
  bodyPath: "Response path",
  timeout: "Timeout (seconds)",
  mergeResults: "Merge the results",
  saveResponseMapping: "Save the card in variables",
  shouldExecuteInParentContext: "Run in the parent page",
  isBodyCode: "Body is HTML code",
  attachmentsVariableId: "Attachments from",
  replyTo: "Reply to",
  cc: "CC",
  bcc: "BCC",
  isInitSkip: "Skip the pixel initialisation",
  eventType: "Event",
  sendTo: "Send to",
  pictureSrcsVariableId: "Pictures list",
  titlesVariableId: "Titles list",
  descriptionsVariableId: "Descriptions list",
  dynamicItems: "Items from variables",
  waitForEvent: "Wait for an event",
  saveDataInVariableId: "Save the event data in",
  clickLink: "Link on click",
  areControlsDisplayed: "Show controls",
  isAutoplayEnabled: "Autoplay",
  aspectRatio: "Aspect ratio",
  maxWidth: "Max width",
  queryParamsStr: "Query parameters",
  url: "URL",
  id: "Id",
  baseUrl: "Base URL",
  apiVersion: "API version",
  responseMapping: "Save the response in variables",
  valueToExtract: "Value",
  dialogueVariableId: "Dialogue variable",
  startsBy: "Starts by",
  saveUrlInVariableId: "Save the audio URL in",
  transcriptionVariableId: "Save the text in",
  variablesToExtract: "Variables to extract",
  maxTokens: "Max tokens",
  systemMessage: "System message",
  input: "Text to read",
  internalValue: "Internal value",
  displayCondition: "Show only when",
};

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
