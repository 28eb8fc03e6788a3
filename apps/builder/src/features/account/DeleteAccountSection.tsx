"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useTranslations } from "use-intl";
import { DeleteForGoodSection } from "@/components/ui/DeleteForGoodSection";
import { Field, Input } from "@/components/ui/Field";
import { useTRPC } from "@/lib/trpc";

/** Deletes the account for good, confirmed by the password. */
export function DeleteAccountSection() {
  const t = useTranslations("DeleteAccount");
  const trpc = useTRPC();
  const remove = useMutation(
    trpc.account.deleteAccount.mutationOptions({
      // A full load: nothing of the deleted account stays in this page's memory.
      onSuccess: () => window.location.assign("/sign-in?deleted=1"),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    remove.mutate({ password: String(new FormData(event.currentTarget).get("password") ?? "") });
  }

  return (
    <DeleteForGoodSection
      id="delete-account"
      title={t("title")}
      description={t("description")}
      buttonLabel={t("button")}
      dialogTitle={t("dialogTitle")}
      dialogDescription={t("dialogDescription")}
      submitLabel={t("submit")}
      deletion={remove}
      onSubmit={submit}
    >
      <Field label={t("password")}>
        {(id) => (
          <Input id={id} name="password" type="password" autoComplete="current-password" autoFocus required />
        )}
      </Field>
    </DeleteForGoodSection>
  );
}
