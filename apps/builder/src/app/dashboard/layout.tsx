import type { Metadata } from "next";
import type { ReactNode } from "react";
import { WorkspaceShell } from "@/features/workspace/WorkspaceShell";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("dashboard") };
}

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return <WorkspaceShell>{children}</WorkspaceShell>;
}
