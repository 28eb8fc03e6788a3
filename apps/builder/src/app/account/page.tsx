import { isInstanceOperator } from "@parley/platform/admin/instanceSettings";
import type { Metadata } from "next";
import Link from "next/link";
import { AppShell } from "@/components/AppShell";
import { PageHeader } from "@/components/ui/PageHeader";
import { Section } from "@/components/ui/Section";
import { ApiTokensSection } from "@/features/account/ApiTokensSection";
import { ChangePasswordSection } from "@/features/account/ChangePasswordSection";
import { DeleteAccountSection } from "@/features/account/DeleteAccountSection";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Account · Parley" };

export default async function AccountPage() {
  const user = await requireSignedInUser();
  return (
    <AppShell userEmail={user.email} userName={user.name}>
      <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PageHeader
          title="Account"
          description="Your profile, your password and the tokens that act as you."
        />
        <Section title="Profile">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
            <dt className="text-muted">Name</dt>
            <dd className="min-w-0 truncate">{user.name || "—"}</dd>
            <dt className="text-muted">Email</dt>
            <dd className="min-w-0 truncate">{user.email}</dd>
          </dl>
        </Section>
        {isInstanceOperator(user) ? (
          <Section title="Instance administration">
            <p>
              You are an operator of this install (<code>ADMIN_EMAILS</code>).{" "}
              <Link href="/admin" className="font-medium text-brand-700 underline">
                Open the admin area
              </Link>
            </p>
          </Section>
        ) : null}
        <Section
          title="Security"
          description="Two-factor sign-in, your sessions and single sign-on accounts."
        >
          <p>
            <Link href="/account/security" className="font-medium text-brand-700 underline">
              Manage two-factor sign-in and sessions
            </Link>
          </p>
        </Section>
        <ChangePasswordSection />
        <ApiTokensSection />
        <DeleteAccountSection />
      </main>
    </AppShell>
  );
}
