import { mergeDefaults, type WithDefaults } from "./mergeDefaults";
import type { Settings } from "./settings";

export const defaultSystemMessages = {
  invalidMessage: "Invalid message. Please, try again.",
  botClosed: "This bot is now closed.",
  networkErrorTitle: "Connection lost",
  networkErrorMessage: "We could not reach the server. Check your connection and try again.",
  popupBlockedTitle: "Pop-up blocked",
  popupBlockedDescription: "The bot tried to open a new tab and your browser stopped it.",
  popupBlockedButtonLabel: "Open in a new tab",
  fileUploadError: "The upload failed. Please try again.",
  fileUploadSizeError: "[[file]] is larger than [[limit]] MB.",
  messagingPictureChoiceSelectLabel: "Select",
} as const;

export const defaultSettings = {
  general: {
    isBrandingEnabled: false,
    isTypingEmulationEnabled: true,
    isInputPrefillEnabled: true,
    isHideQueryParamsEnabled: true,
    isNewResultOnRefreshEnabled: true,
    rememberUser: { isEnabled: false, storage: "session" },
    systemMessages: defaultSystemMessages,
  },
  typingEmulation: {
    enabled: true,
    speed: 400,
    maxDelay: 3,
    delayBetweenBubbles: 0,
    isDisabledOnFirstMessage: true,
  },
  // Every field of the contract is present in responses; an empty string is "not set".
  metadata: {
    title: "",
    description: "",
    imageUrl: "",
    favIconUrl: "",
    customHeadCode: "",
    tagManagerId: "",
    allowIndexing: false,
  },
  // No expiry of its own: sessions last the install's CHAT_SESSION_IDLE_HOURS (the chat runtime's one default).
  messaging: { isEnabled: false, sessionExpiryTimeout: null, startCondition: { comparisons: [] } },
  publicShare: { isEnabled: true },
  security: { allowedOrigins: [] },
} as const satisfies Settings;

/** The settings with every field the author left out taken from `defaultSettings`. */
export function applySettingsDefaults(settings: Settings | undefined): SettingsWithDefaults {
  return mergeDefaults(defaultSettings, settings);
}
export type SettingsWithDefaults = WithDefaults<Settings, typeof defaultSettings>;
