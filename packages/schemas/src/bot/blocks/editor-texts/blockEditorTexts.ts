import { createTranslator } from "use-intl/core";

/**
 * The words block definitions write for the builder, in English (ICU messages): the default of the builder's
 * `BlockEditorTexts` catalogue, whose other languages translate each key (apps/builder/src/i18n/messages). A
 * definition's `getSummary`, `getItemSummary`, `itemPlaceholder`, `defaultExitLabel`, `settings.description` and
 * `settings.testLabel` name these keys, never English words, so the canvas and the settings panel speak the
 * builder's interface language.
 */
export const blockEditorTexts = {
  textInputPlaceholder: "Type your answer...",
  numberInputPlaceholder: "Type a number...",
  emailInputPlaceholder: "Type your email...",
  urlInputPlaceholder: "Type a URL...",
  phoneInputPlaceholder: "Type your phone number...",
  pickDate: "Pick a date",
  pickDateAndTime: "Pick a date and time",
  pickDateRange: "Pick a date range",
  pickTime: "Pick a time",
  collectFile: "Collect a file",
  collectFiles: "Collect files",
  rateFromTo: "Rate from {min} to {max}",
  choice: "Choice",
  multipleChoice: "Multiple choice",
  picture: "Picture",
  collectPayment: "Collect {amount} {currency}",
  jumpTo: "Jump to {group}",
  jumpToStart: "Jump to the start",
  continueInAnotherBot: "Continue in another bot",
  runScript: "Run “{name}”",
  defaultScriptName: "Script",
  redirectTo: "Redirect to {url}",
  setVariableTo: "Set {variable} to {value}",
  appendToVariable: "Append {value} to {variable}",
  conditionIf: "If {condition}",
  conditionPlaceholder: "Configure…",
  conditionElse: "Else",
  comparisonAnd: "AND",
  comparisonOr: "OR",
  operatorEqualTo: "equal to",
  operatorNotEqual: "not equal",
  operatorContains: "contains",
  operatorDoesNotContain: "does not contain",
  operatorGreaterThan: "greater than",
  operatorLessThan: "less than",
  operatorGreaterOrEqualTo: "greater or equal to",
  operatorLessOrEqualTo: "less or equal to",
  operatorIsSet: "is set",
  operatorIsEmpty: "is empty",
  operatorStartsWith: "starts with",
  operatorEndsWith: "ends with",
  operatorMatchesRegex: "matches regex",
  operatorDoesNotMatchRegex: "does not match regex",
  forEachItemOf: "For each item of {list}: {group}",
  waitSeconds: "Wait for {seconds} s",
  waitForWebhookCall: "Wait for a call to the webhook URL",
  handOverToTeam: "Hand over to {team}",
  handOverToHuman: "Hand over to a human",
  handOverToHumanNamed: "Hand over to a human ({name})",
  handoffFallback: "Closed, nobody available or no answer",
  returnToJump: "Return to where the jump came from",
  agentModel: "Agent · {model}",
  agentModelWithKnowledge:
    "Agent · {model} · {count, plural, one {# knowledge base} other {# knowledge bases}}",
  agentPathPlaceholder: "Go to a group: click to name it",
  agentAfterFallback: "After the fallback",
  convertTextToSpeech: "Convert text to speech",
  createChatMessage: "Create chat message",
  trackEvent: "Track {event}",
  trackNamedEvent: "Track “{event}”",
  pageView: "Page {name}",
  aliasUser: "Alias {userId}",
  identifyUser: "Identify {userId}",
  identifyGroup: "Identify group {group}",
  captureEvent: "Capture {event}",
  askChatNodeBot: "Ask bot {botId}",
  generateQrCode: "Generate a QR code",
  showChatwootWidget: "Show widget",
  closeChatwootWidget: "Close widget",
  sendEmailTo: "Send email to {recipients}",
  createTicket: "Create ticket",
  createTicketAbout: "Create ticket: {subject}",
  openWebWidget: "Open web widget",
  notSupportedYet: "Not supported yet: {blockType}",
  unknownBlockType: "unknown",
  returnDescription: "Goes back to the block after the last Jump.",
  unsupportedDescription: "This block comes from an import; this product does not run it yet and skips it.",
  sendTestEmail: "Send a test e-mail",
} as const;

export type BlockTextKey = keyof typeof blockEditorTexts;

/**
 * Writes one of these messages with its arguments, in the reader's language: the builder passes its interface
 * language's translator, tests and other readers `englishBlockTexts`.
 */
export type BlockTextTranslator = (
  key: BlockTextKey,
  values?: Readonly<Record<string, string | number>>,
) => string;

const english = createTranslator({
  locale: "en",
  messages: { BlockEditorTexts: blockEditorTexts },
  namespace: "BlockEditorTexts",
});

/** The texts in English (the catalogue's default). */
export const englishBlockTexts: BlockTextTranslator = (key, values) =>
  (english as unknown as (key: string, values?: object) => string)(key, values);
