import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "./SignOutButton";

/** The frame of every signed-in page: a top bar (brand, page actions, the user) and the page. */
export function AppShell({
  userEmail,
  actions,
  children,
}: {
  userEmail: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-4 border-b border-line bg-surface px-6">
        <div className="flex items-center gap-4">
          <Link href="/dashboard" className="text-lg font-bold tracking-tight text-brand-600">
            Parley
          </Link>
          {actions}
        </div>
        <div className="flex items-center gap-3">
          <Link href="/account" className="text-muted hover:text-ink" data-testid="signed-in-email">
            {userEmail}
          </Link>
          <SignOutButton />
        </div>
      </header>
      {children}
    </div>
  );
}
