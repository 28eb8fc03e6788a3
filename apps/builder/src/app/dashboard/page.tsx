import { getPrisma } from "@parley/db";
import { SignOutButton } from "@/components/SignOutButton";
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
    <div className="app-shell">
      <header className="topbar">
        <div className="brand">Parley</div>
        <div className="topbar-right">
          <span className="muted" data-testid="signed-in-email">
            {user.email}
          </span>
          <SignOutButton />
        </div>
      </header>
      <main className="page">
        <h1>Dashboard</h1>
        <section aria-label="Workspaces" className="card-grid">
          {workspaces.map((workspace) => (
            <article key={workspace.id} className="card">
              <h2>{workspace.name}</h2>
            </article>
          ))}
        </section>
      </main>
    </div>
  );
}
