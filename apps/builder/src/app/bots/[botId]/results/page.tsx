import type { Metadata } from "next";
import { ResultsView } from "@/features/results/ResultsView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("results") };
}

export default function BotResultsPage() {
  return <ResultsView />;
}
