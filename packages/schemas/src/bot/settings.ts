import { z } from "zod";
import { textSchema } from "../text";
import { comparisonOperatorSchema, logicalOperatorSchema } from "./condition";
import { languagesSettingsSchema } from "./languages/languagesSettings";

/** Texts the runtime and the widget show on their own; every one can be translated per bot. */
export const systemMessagesSchema = z
  .object({
    invalidMessage: textSchema,
    botClosed: textSchema,
    networkErrorTitle: textSchema,
    networkErrorMessage: textSchema,
    popupBlockedTitle: textSchema,
    popupBlockedDescription: textSchema,
    popupBlockedButtonLabel: textSchema,
    fileUploadError: textSchema,
    /** `[[file]]` and `[[limit]]` (MB) are replaced. */
    fileUploadSizeError: textSchema,
    messagingPictureChoiceSelectLabel: textSchema,
  })
  .partial();
export type SystemMessages = z.infer<typeof systemMessagesSchema>;

export const rememberUserStorages = ["session", "local"] as const;

export const generalSettingsSchema = z
  .object({
    isBrandingEnabled: z.boolean(),
    isTypingEmulationEnabled: z.boolean(),
    /** Fill an input with the current value of its variable. */
    isInputPrefillEnabled: z.boolean(),
    /** Remove prefilled-variable query parameters from the share page URL. */
    isHideQueryParamsEnabled: z.boolean(),
    isNewResultOnRefreshEnabled: z.boolean(),
    rememberUser: z.object({ isEnabled: z.boolean(), storage: z.enum(rememberUserStorages) }).partial(),
    systemMessages: systemMessagesSchema,
  })
  .partial()
  .meta({ id: "GeneralSettings" });
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

export const typingEmulationSchema = z
  .object({
    enabled: z.boolean(),
    /** Typing speed of the simulated typist, words per minute. */
    speed: z.number().min(0),
    /** Longest pause before a bubble, seconds. */
    maxDelay: z.number().min(0),
    /** Pause between consecutive bubbles, seconds. */
    delayBetweenBubbles: z.number().min(0),
    isDisabledOnFirstMessage: z.boolean(),
  })
  .partial()
  .meta({ id: "TypingEmulation" });
export type TypingEmulation = z.infer<typeof typingEmulationSchema>;

export const metadataSchema = z
  .object({
    title: textSchema,
    description: textSchema,
    imageUrl: textSchema,
    favIconUrl: textSchema,
    customHeadCode: textSchema,
    /** Google Tag Manager container id. */
    tagManagerId: textSchema,
    allowIndexing: z.boolean(),
  })
  .partial();

export const messagingStartConditionSchema = z.object({
  logicalOperator: logicalOperatorSchema.optional(),
  comparisons: z.array(
    z.object({
      id: textSchema.min(1),
      comparisonOperator: comparisonOperatorSchema.optional(),
      value: textSchema.optional(),
    }),
  ),
});

export type MessagingStartCondition = z.infer<typeof messagingStartConditionSchema>;

/** The longest `sessionExpiryTimeout` a bot (or `CHAT_SESSION_IDLE_HOURS`) may set: 30 days. */
export const maxSessionExpiryHours = 720;

/** Third-party messaging channel (the spec's `messaging`). */
export const messagingSettingsSchema = z
  .object({
    isEnabled: z.boolean(),
    /**
     * Hours without a turn after which a session expires, web chats and messaging conversations alike
     * (fractions allowed). `null` (or absent): the install's default, `CHAT_SESSION_IDLE_HOURS`.
     */
    sessionExpiryTimeout: z.number().min(0.01).max(maxSessionExpiryHours).nullable(),
    /** Which incoming first messages start the bot. */
    startCondition: messagingStartConditionSchema,
  })
  .partial();

export const settingsSchema = z
  .object({
    general: generalSettingsSchema,
    typingEmulation: typingEmulationSchema,
    metadata: metadataSchema,
    messaging: messagingSettingsSchema,
    publicShare: z.object({ isEnabled: z.boolean() }).partial(),
    security: z.object({ allowedOrigins: z.array(textSchema) }).partial(),
    /** The bot's languages and translations (docs/languages.md); absent: one language. */
    languages: languagesSettingsSchema,
  })
  .partial()
  .meta({ id: "Settings" });
export type Settings = z.infer<typeof settingsSchema>;
