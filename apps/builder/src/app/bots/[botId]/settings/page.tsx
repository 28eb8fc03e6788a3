import { chatEnv } from "@parley/chat/core/env";
import type { Metadata } from "next";
import { builderEnv } from "@/env";
import { SettingsView } from "@/features/settings/SettingsView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("settings") };
}

export default function BotSettingsPage() {
  return (
    <SettingsView viewerUrl={builderEnv.VIEWER_URL} sessionIdleHours={chatEnv.CHAT_SESSION_IDLE_HOURS} />
  );
}
