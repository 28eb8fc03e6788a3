import { messagingSettingsSchema } from "../bot/settings";

/**
 * Whether a bot's settings answer any first message on its messaging account: messaging enabled and no
 * start condition. Of several such bots on one account, only the most recently published answers.
 */
export function answersEveryFirstMessage(settings: unknown): boolean {
  const messaging = messagingSettingsSchema.safeParse(
    typeof settings === "object" && settings !== null && "messaging" in settings
      ? settings.messaging
      : undefined,
  );
  if (!messaging.success || messaging.data.isEnabled !== true) return false;
  return (messaging.data.startCondition?.comparisons.length ?? 0) === 0;
}
