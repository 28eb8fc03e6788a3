import { listInstanceSsoProviders } from "@parley/integrations/sso/ssoProviders";
import type { Metadata } from "next";
import Link from "next/link";
import { AppShell } from "@/components/AppShell";
import { PageHeader } from "@/components/ui/PageHeader";
import { AccountSecurity } from "@/features/two-factor/AccountSecurity";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Security · Account · Parley" };

export default async function AccountSecurityPage() {
  const user = await requireSignedInUser();
  return (
    <AppShell userEmail={user.email} userName={user.name}>
      <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PageHeader
          title="Security"
          description="Two-factor sign-in, where you are signed in, and your single sign-on accounts."
          before={
            <Link
              href="/account"
              className="w-fit text-[13px] font-medium text-muted underline hover:text-ink"
            >
              ← Account
            </Link>
          }
        />
        <AccountSecurity providers={listInstanceSsoProviders().map(({ id, name }) => ({ id, name }))} />
      </main>
    </AppShell>
  );
}
