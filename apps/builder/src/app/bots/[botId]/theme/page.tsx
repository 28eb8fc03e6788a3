import type { Metadata } from "next";
import { ThemeView } from "@/features/theme/ThemeView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("theme") };
}

export default function BotThemePage() {
  return <ThemeView />;
}
