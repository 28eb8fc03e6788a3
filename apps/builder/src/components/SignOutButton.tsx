"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
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
    <button className="button" type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      Sign out
    </button>
  );
}
