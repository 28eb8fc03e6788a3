import Link from "next/link";
import type { ReactNode } from "react";
import { UserMenu } from "./UserMenu";

/** The frame of every signed-in page: a top bar (brand, navigation, page actions, the user) and the page. */
export function AppShell({
  userEmail,
  userName,
  nav,
  actions,
  children,
}: {
  userEmail: string;
  userName?: string | null;
  /** Next to the brand: workspace switcher, breadcrumb. */
  nav?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-line bg-surface px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Link
            href="/dashboard"
            className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight text-ink"
          >
            <span
              aria-hidden
              className="grid h-7 w-7 place-items-center rounded-lg bg-brand-600 text-[15px] font-bold text-white"
            >
              P
            </span>
            {/* The link's name on every screen; shown from sm up. */}
            <span className="sr-only sm:not-sr-only">Parley</span>
          </Link>
          {nav ? <span aria-hidden className="h-5 w-px shrink-0 bg-line" /> : null}
          {nav}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {actions}
          <UserMenu email={userEmail} name={userName ?? null} />
        </div>
      </header>
      {children}
    </div>
  );
}
