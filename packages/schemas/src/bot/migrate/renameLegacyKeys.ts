import { isRecord } from "./jsonRecords";

/** Renames to the spec's neutral words (api-spec.md "Naming"), applied to every object key. */
const exactRenames: Record<string, string> = { googleTagManagerId: "tagManagerId" };

export function getRenamedKey(key: string): string {
  return (
    exactRenames[key] ??
    key
      .replace(/^typebot/, "bot")
      .replace(/Typebot/g, "Bot")
      .replace(/^whatsApp/, "messaging")
      .replace(/WhatsApp/g, "Messaging")
  );
}

/**
 * `typebotId` → `botId`, `publicTypebotId` → `publicBotId`, `whatsAppCredentialsId` →
 * `messagingCredentialsId`, `settings.whatsApp` → `settings.messaging`, … in place, at any
 * depth. Only keys change; values (texts, ids, wire strings) are left alone.
 */
export function renameLegacyKeys(value: unknown): void {
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      stack.push(...current);
      continue;
    }
    if (!isRecord(current)) continue;
    for (const key of Object.keys(current)) {
      const child = current[key];
      const renamed = getRenamedKey(key);
      if (renamed !== key) {
        delete current[key];
        if (!(renamed in current)) current[renamed] = child;
      }
      if (typeof child === "object" && child !== null) stack.push(child);
    }
  }
}
