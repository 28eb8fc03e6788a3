"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { RetryCountdown, useRetryCountdown } from "@/lib/useCountdown";
import { AuthCard } from "../password-reset/AuthCard";

/**
 * The page an e-mailed sign-in link opens. Signing in takes a click: mail scanners that open every link of a
 * message would otherwise use the single-use link up before its owner does.
 */
export function MagicLinkSignIn({ token }: { token: string }) {
  const t = useTranslations("MagicLink");
  const trpc = useTRPC();
  const router = useRouter();
  const { secondsLeft, refusedBy } = useRetryCountdown();
  const signIn = useMutation(
    trpc.auth.signInWithMagicLink.mutationOptions({
      onSuccess: (answer) => {
        // An account with two-factor sign-in is asked for its code next.
        router.push(answer.status === "secondFactorRequired" ? "/sign-in/second-factor" : "/dashboard");
        router.refresh();
      },
      onError: refusedBy,
    }),
  );

  return (
    <AuthCard title={t("signInTitle")}>
      <p className="text-muted">{t("linkNote")}</p>
      {signIn.error && (
        <div className="flex flex-col gap-2">
          <p className="text-danger-600" role="alert">
            {getErrorMessage(signIn.error)}
            <RetryCountdown secondsLeft={secondsLeft} />
          </p>
          <p>
            <Link className="font-medium text-brand-600 hover:underline" href="/sign-in/email">
              {t("askNewLink")}
            </Link>
          </p>
        </div>
      )}
      <Button
        variant="primary"
        type="button"
        disabled={signIn.isPending || signIn.isSuccess || secondsLeft > 0}
        onClick={() => signIn.mutate({ token })}
      >
        {signIn.isPending || signIn.isSuccess ? t("signingIn") : t("signIn")}
      </Button>
    </AuthCard>
  );
}
