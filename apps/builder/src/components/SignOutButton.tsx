"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/Button";
import { useTRPC } from "@/lib/trpc";

export function SignOutButton() {
  const trpc = useTRPC();
  const router = useRouter();
  const signOut = useMutation(
    trpc.auth.signOut.mutationOptions({
      onSuccess: () => {
        router.push("/sign-in");
        router.refresh();
      },
    }),
  );
  return (
    <Button size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      Sign out
    </Button>
  );
}
