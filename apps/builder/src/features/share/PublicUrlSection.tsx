"use client";

import { reservedPublicIds } from "@parley/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

const publicIdPattern = /^[a-z0-9-]{3,64}$/;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The share URL and its editable last part (`publicId`), checked live for format and uniqueness. */
export function PublicUrlSection({
  botId,
  publicId,
  viewerUrl,
  isPublished,
  canEdit,
}: {
  botId: string;
  publicId: string | null;
  viewerUrl: string;
  isPublished: boolean;
  canEdit: boolean;
}) {
  const t = useTranslations("PublicUrl");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(publicId ?? "");
  useEffect(() => setDraft(publicId ?? ""), [publicId]);
  const candidate = useDebounced(draft.trim(), 300);
  const isWellFormed = publicIdPattern.test(draft.trim());
  const isReserved = reservedPublicIds.includes(draft.trim());
  const isChanged = draft.trim() !== (publicId ?? "");
  const availability = useQuery(
    trpc.bots.isPublicIdAvailable.queryOptions(
      { botId, publicId: candidate },
      {
        enabled:
          isChanged &&
          publicIdPattern.test(candidate) &&
          !reservedPublicIds.includes(candidate) &&
          candidate === draft.trim(),
      },
    ),
  );
  const save = useMutation(
    trpc.bots.updateBot.mutationOptions({
      onSuccess: async ({ bot }) => {
        toast.success(t("saved", { publicId: bot.publicId ?? "" }));
        await queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() });
      },
      onError: (error) => toast.error(t("saveFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const shareUrl = `${viewerUrl.replace(/\/+$/, "")}/${publicId ?? ""}`;
  const error = !isChanged
    ? null
    : !isWellFormed
      ? t("format")
      : isReserved
        ? t("reserved")
        : availability.data && !availability.data.isAvailable
          ? t("taken")
          : null;
  const hint = isChanged && isWellFormed && availability.data?.isAvailable ? t("available") : t("hint");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (error || !isChanged) return;
    save.mutate({ botId, bot: { publicId: draft.trim() } });
  }

  return (
    <Section id="share-url" title={t("title")} description={t("description")}>
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-subtle px-3 py-2">
        <code
          className="min-w-0 flex-1 basis-full truncate font-mono text-[13px] sm:basis-0"
          data-testid="share-url"
        >
          {shareUrl}
        </code>
        <CopyButton value={shareUrl} label={t("copyLink")} copiedMessage={t("linkCopied")} />
        {isPublished ? (
          <a
            href={shareUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-line bg-surface px-3 text-[13px] font-medium hover:bg-subtle"
          >
            <ExternalLink size={14} aria-hidden />
            {t("open")}
          </a>
        ) : null}
      </div>
      {canEdit ? (
        <form onSubmit={submit}>
          <Field label={t("address")} hint={hint} error={error}>
            {(id) => (
              <div className="flex gap-2">
                <div className="flex min-w-0 flex-1 items-center rounded-lg border border-line bg-surface focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100">
                  <span className="hidden shrink-0 pl-3 text-muted sm:inline">
                    {viewerUrl.replace(/^https?:\/\//, "").replace(/\/+$/, "")}/
                  </span>
                  <Input
                    id={id}
                    value={draft}
                    onChange={(event) => setDraft(event.target.value.toLowerCase())}
                    maxLength={64}
                    spellCheck={false}
                    aria-invalid={error ? true : undefined}
                    className="border-0 pl-3 focus:ring-0 sm:pl-1"
                  />
                </div>
                <Button
                  type="submit"
                  disabled={!isChanged || error !== null || availability.isFetching || save.isPending}
                >
                  {save.isPending ? t("saving") : t("save")}
                </Button>
              </div>
            )}
          </Field>
        </form>
      ) : null}
    </Section>
  );
}
