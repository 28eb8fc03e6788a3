import type { Metadata } from "next";
import type { ReactNode } from "react";
import { WorkspaceShell } from "@/features/workspace/WorkspaceShell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dashboard · Parley" };

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return <WorkspaceShell>{children}</WorkspaceShell>;
}
