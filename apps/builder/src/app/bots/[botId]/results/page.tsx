import type { Metadata } from "next";
import { ResultsView } from "@/features/results/ResultsView";

export const metadata: Metadata = { title: "Results · Parley" };

export default function BotResultsPage() {
  return <ResultsView />;
}
