import type { ReactNode } from "react";
import { Card } from "@/components/ui/Card";

/** The centred card of the signed-out pages (forgot password, reset). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="grid min-h-screen place-items-center p-4">
      <Card className="flex w-full max-w-sm flex-col gap-4 p-8">
        <div className="text-lg font-bold tracking-tight text-brand-600">Parley</div>
        <h1 className="text-xl font-semibold">{title}</h1>
        {children}
      </Card>
    </main>
  );
}
