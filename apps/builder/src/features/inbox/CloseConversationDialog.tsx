"use client";

import { useMutation } from "@tanstack/react-query";
import { RadioGroup } from "radix-ui";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field, Textarea } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

const endingValues = ["resume", "end"] as const;

/** Closing a conversation: an optional resolution, then the flow resumes or the chat ends. */
export function CloseConversationDialog({
  open,
  onOpenChange,
  conversationId,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversationId: string;
  onClosed: () => Promise<unknown>;
}) {
  const t = useTranslations("CloseConversation");
  const endings = endingValues.map((value) =>
    value === "resume"
      ? { value, label: t("resume"), hint: t("resumeHint") }
      : { value, label: t("end"), hint: t("endHint") },
  );
  const trpc = useTRPC();
  const [resolution, setResolution] = useState("");
  const [ending, setEnding] = useState<(typeof endingValues)[number]>("resume");
  const legendId = useId();
  const close = useMutation(
    trpc.inbox.closeConversation.mutationOptions({
      onSuccess: async () => {
        await onClosed();
        onOpenChange(false);
        toast.success(ending === "resume" ? t("resumed") : t("ended"));
      },
      onError: (error) => toast.error(t("failed", { reason: getErrorMessage(error) })),
    }),
  );
  const formId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t("cancel")}</Button>
          <Button type="submit" form={formId} variant="primary" disabled={close.isPending}>
            {t("submit")}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const text = resolution.trim();
          close.mutate({
            conversationId,
            resume: ending === "resume",
            ...(text ? { resolution: text } : {}),
          });
        }}
      >
        <Field label={t("resolution")} hint={t("resolutionHint")}>
          {(id) => (
            <Textarea
              id={id}
              value={resolution}
              maxLength={1_000}
              onChange={(event) => setResolution(event.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-col gap-2">
          <span id={legendId} className="font-medium">
            {t("afterwards")}
          </span>
          <RadioGroup.Root
            aria-labelledby={legendId}
            value={ending}
            onValueChange={(value) => setEnding(value as typeof ending)}
            className="flex flex-col gap-2"
          >
            {endings.map((option) => (
              <div
                key={option.value}
                className="flex items-start gap-2 rounded-lg border border-line p-2.5 has-[[data-state=checked]]:border-brand-500"
              >
                <RadioGroup.Item
                  id={`${legendId}-${option.value}`}
                  value={option.value}
                  aria-describedby={`${legendId}-${option.value}-hint`}
                  className="mt-0.5 grid h-4 w-4 shrink-0 place-items-center rounded-full border border-line-strong data-[state=checked]:border-brand-600"
                >
                  <RadioGroup.Indicator className="h-2 w-2 rounded-full bg-brand-600" />
                </RadioGroup.Item>
                <span className="flex flex-col">
                  <label htmlFor={`${legendId}-${option.value}`} className="cursor-pointer font-medium">
                    {option.label}
                  </label>
                  <span id={`${legendId}-${option.value}-hint`} className="text-[13px] text-muted">
                    {option.hint}
                  </span>
                </span>
              </div>
            ))}
          </RadioGroup.Root>
        </div>
      </form>
    </Dialog>
  );
}
