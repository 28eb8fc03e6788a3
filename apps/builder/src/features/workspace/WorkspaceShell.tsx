import type { ReactNode } from "react";
import { AppShell } from "@/components/AppShell";
import { requireSignedInUser } from "@/lib/session";
import { WorkspaceProvider } from "./WorkspaceProvider";
import { WorkspaceSwitcher } from "./WorkspaceSwitcher";

/** The frame of the workspace-level pages (dashboard, workspace settings): top bar with the switcher. */
export async function WorkspaceShell({ children }: { children: ReactNode }) {
  const user = await requireSignedInUser();
  return (
    <WorkspaceProvider>
      <AppShell userEmail={user.email} userName={user.name} nav={<WorkspaceSwitcher />}>
        <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">{children}</main>
      </AppShell>
    </WorkspaceProvider>
  );
}
