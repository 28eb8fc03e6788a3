"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { DeleteForGoodSection } from "@/components/ui/DeleteForGoodSection";
import { Field, Input } from "@/components/ui/Field";
import { useTRPC } from "@/lib/trpc";

/** Deletes the account for good, confirmed by the password. */
export function DeleteAccountSection() {
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
      title="Delete your account"
      description="Your API tokens stop working, you are signed out everywhere, and the workspaces where you are the only member are deleted with their bots, results and files. This cannot be undone."
      buttonLabel="Delete account"
      dialogTitle="Delete your account?"
      dialogDescription="Workspaces you share with others stay with them; where you are their only admin, make another member an admin first."
      submitLabel="Delete my account"
      deletion={remove}
      onSubmit={submit}
    >
      <Field label="Your password, to confirm">
        {(id) => (
          <Input id={id} name="password" type="password" autoComplete="current-password" autoFocus required />
        )}
      </Field>
    </DeleteForGoodSection>
  );
}
