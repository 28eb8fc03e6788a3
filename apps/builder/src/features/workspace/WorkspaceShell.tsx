import type { ReactNode } from "react";
import { AppShell } from "@/components/AppShell";
import { cn } from "@/components/ui/cn";
import { InboxNavLink } from "@/features/inbox/InboxNavLink";
import { requireSignedInUser } from "@/lib/session";
import { WorkspaceProvider } from "./WorkspaceProvider";
import { WorkspaceSwitcher } from "./WorkspaceSwitcher";

/**
 * The frame of the workspace-level pages (dashboard, workspace settings, inbox): top bar with the switcher
 * and the inbox link (its badge counts the conversations waiting). `isWide`: the page uses the full width.
 */
export async function WorkspaceShell({ children, isWide }: { children: ReactNode; isWide?: boolean }) {
  const user = await requireSignedInUser();
  return (
    <WorkspaceProvider>
      <AppShell
        userEmail={user.email}
        userName={user.name}
        nav={<WorkspaceSwitcher />}
        actions={<InboxNavLink />}
      >
        <main
          className={cn(
            "mx-auto flex flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8",
            isWide ? "max-w-screen-2xl" : "max-w-6xl",
          )}
        >
          {children}
        </main>
      </AppShell>
    </WorkspaceProvider>
  );
}
