import type { Metadata } from "next";
import { TranslationsView } from "@/features/translations/TranslationsView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("translations") };
}

export default function BotTranslationsPage() {
  return <TranslationsView />;
}
