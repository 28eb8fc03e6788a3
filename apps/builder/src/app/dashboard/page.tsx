import { getPrisma } from "@parley/db";
import { AppShell } from "@/components/AppShell";
import { Card } from "@/components/ui/Card";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export default async function DashboardPage() {
  const user = await requireSignedInUser();
  const workspaces = await getPrisma().workspace.findMany({
    where: { members: { some: { userId: user.id } } },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true },
  });
  return (
    <AppShell userEmail={user.email}>
      <main className="mx-auto max-w-6xl px-6 py-8">
        <h1 className="mb-4 text-2xl font-semibold">Dashboard</h1>
        <section
          aria-label="Workspaces"
          className="grid grid-cols-[repeat(auto-fill,minmax(220px,1fr))] gap-4"
        >
          {workspaces.map((workspace) => (
            <Card key={workspace.id} className="p-4">
              <h2 className="font-semibold">{workspace.name}</h2>
            </Card>
          ))}
        </section>
      </main>
    </AppShell>
  );
}
