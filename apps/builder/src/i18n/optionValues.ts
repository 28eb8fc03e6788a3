import { setVariableValueTypes } from "@parley/schemas";
import { toIcuLiteral } from "./definitionTexts";

/**
 * The stored values of block options that are words a person reads (an integration's action, a Set variable's
 * kind, a priority), by the option's name: the settings forms list them, and some canvas summaries quote them, in
 * the interface language (`OptionValues.<option>.<value>`; English is the value itself). Values that are names or
 * codes (HTTP methods, Meta's event names, providers, JSON Schema types, video hosts) are shown as stored, and
 * the number input's units as `Intl` names them in the interface language.
 */
export const translatedOptionValues: Readonly<Record<string, readonly string[]>> = {
  visibility: ["Auto", "Public", "Private"],
  inputMode: ["text", "decimal", "numeric", "tel", "search", "email", "url"],
  style: ["decimal", "currency", "percent", "unit"],
  capture: ["environment", "user"],
  buttonType: ["Numbers", "Icons"],
  type: setVariableValueTypes,
  eventType: ["Custom"],
  action: [
    "Alias",
    "Ask Assistant",
    "Ask Model",
    "Book event",
    "Capture",
    "Convert text to speech",
    "Create Chat Message",
    "Create Record",
    "Create Ticket",
    "Create chat completion",
    "Create speech",
    "Create transcription",
    "Generate a QR Code",
    "Generate variables",
    "Get available slots",
    "Get data from sheet",
    "Identify Group",
    "Identify User",
    "Insert a row",
    "Open Web Widget",
    "Page",
    "Search Records",
    "Send Message",
    "Send email",
    "Track",
    "Update Existing Record",
    "Update a row",
  ],
  totalRowsToExtract: ["All", "First", "Last", "Random"],
  returnType: ["All", "First", "Last", "Random"],
  task: ["Show widget", "Close widget"],
  onFallback: ["stay", "leave"],
  role: ["system", "user", "assistant", "Dialogue"],
  startsBy: ["user", "assistant"],
  layout: ["Month", "Weekly", "Columns"],
  item: [
    "Answer",
    "Completion tokens",
    "Message",
    "Message ID",
    "Message content",
    "Prompt tokens",
    "Thread ID",
    "Total Tokens",
    "Total tokens",
  ],
  priority: ["low", "normal", "high", "urgent"],
  field: ["Button", "Description", "Image URL", "Internal Value", "Title"],
  joiner: ["AND", "OR"],
  operator: [
    "Contains",
    "Ends with",
    "Equal to",
    "Greater than",
    "Is empty",
    "Is set",
    "Less than",
    "Not equal",
    "Starts with",
  ],
};

/** The catalogue key of an option's value, or undefined when it is shown as stored. */
export const getOptionValueKey = (option: string, value: string): string | undefined =>
  translatedOptionValues[option]?.includes(value) ? `${option}.${value}` : undefined;

/** English's `OptionValues`: each value as itself. */
export function buildOptionValuesEnglish() {
  return Object.fromEntries(
    Object.entries(translatedOptionValues).map(([option, values]) => [
      option,
      Object.fromEntries(values.map((value) => [value, toIcuLiteral(value)])),
    ]),
  );
}
