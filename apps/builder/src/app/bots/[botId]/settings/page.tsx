import { chatEnv } from "@parley/chat/core/env";
import type { Metadata } from "next";
import { builderEnv } from "@/env";
import { SettingsView } from "@/features/settings/SettingsView";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings · Parley" };

export default function BotSettingsPage() {
  return (
    <SettingsView viewerUrl={builderEnv.VIEWER_URL} sessionIdleHours={chatEnv.CHAT_SESSION_IDLE_HOURS} />
  );
}
