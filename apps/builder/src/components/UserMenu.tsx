"use client";

import { useMutation } from "@tanstack/react-query";
import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { Menu } from "@/components/ui/Menu";
import { useTRPC } from "@/lib/trpc";

/** The signed-in user in the top bar: account settings and sign out. */
export function UserMenu({ email, name }: { email: string; name: string | null }) {
  const t = useTranslations("UserMenu");
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
  const initial = (name || email).trim().charAt(0).toUpperCase();
  return (
    <Menu
      trigger={
        <button
          type="button"
          className="flex h-9 items-center gap-2 rounded-lg px-1.5 text-muted hover:bg-subtle hover:text-ink"
        >
          <span
            aria-hidden
            className="grid h-7 w-7 place-items-center rounded-full bg-brand-100 text-[13px] font-semibold text-brand-700"
          >
            {initial}
          </span>
          {/* The name is what is shown (WCAG 2.5.3): the e-mail, its prefix read by screen readers only. */}
          <span className="sr-only">{t("accountMenuOf")} </span>
          <span className="sr-only max-w-48 truncate md:not-sr-only" data-testid="signed-in-email">
            {email}
          </span>
          <ChevronDown size={14} aria-hidden />
        </button>
      }
      items={[
        {
          label: t("account"),
          icon: <UserRound size={14} aria-hidden />,
          onSelect: () => router.push("/account"),
        },
        {
          label: t("signOut"),
          icon: <LogOut size={14} aria-hidden />,
          onSelect: () => signOut.mutate(),
          isDisabled: signOut.isPending,
        },
      ]}
    />
  );
}
