import type { Metadata } from "next";
import { SettingsView } from "@/features/settings/SettingsView";

export const metadata: Metadata = { title: "Settings · Parley" };

export default function BotSettingsPage() {
  return <SettingsView />;
}
