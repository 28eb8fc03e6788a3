import type { Metadata } from "next";
import { TranslationsView } from "@/features/translations/TranslationsView";

export const metadata: Metadata = { title: "Translations · Parley" };

export default function BotTranslationsPage() {
  return <TranslationsView />;
}
