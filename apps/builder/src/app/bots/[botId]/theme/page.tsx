import type { Metadata } from "next";
import { ThemeView } from "@/features/theme/ThemeView";

export const metadata: Metadata = { title: "Theme · Parley" };

export default function BotThemePage() {
  return <ThemeView />;
}
