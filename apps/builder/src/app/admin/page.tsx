import { isInstanceOperator } from "@parley/platform/admin/instanceSettings";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppShell } from "@/components/AppShell";
import { PageHeader } from "@/components/ui/PageHeader";
import { AdminView } from "@/features/admin/AdminView";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Instance administration · Parley" };

/** The instance operators' area (`ADMIN_EMAILS`); for anyone else it does not exist (404). */
export default async function AdminPage() {
  const user = await requireSignedInUser();
  if (!isInstanceOperator(user)) notFound();
  return (
    <AppShell userEmail={user.email} userName={user.name}>
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PageHeader
          title="Instance administration"
          description="Every workspace of this install: usage, plan and limits, suspension, verification and risk holds."
        />
        <AdminView />
      </main>
    </AppShell>
  );
}
