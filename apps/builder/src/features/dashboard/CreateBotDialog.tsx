"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/Dialog";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { type BotTemplate, botTemplates, instantiateTemplate } from "@/templates";
import { getTemplateCardTexts } from "@/templates/templateCardTexts";

/** Start a bot from scratch or from one of the gallery's templates; opens it in the editor. */
export function CreateBotDialog({
  open,
  onOpenChange,
  workspaceId,
  folderId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspaceId: string;
  folderId: string | null;
}) {
  const t = useTranslations("CreateBot");
  const cardTexts = getTemplateCardTexts(useTranslations("Templates"));
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const create = useMutation(
    trpc.bots.createBot.mutationOptions({
      onSuccess: async ({ bot }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() });
        toast.success(t("created", { name: bot.name }));
        router.push(`/bots/${bot.id}/edit`);
      },
      onError: (error) => {
        setChosen(null);
        toast.error(t("failed", { reason: getErrorMessage(error) }));
      },
    }),
  );

  function start(template: BotTemplate | null) {
    setChosen(template?.id ?? "blank");
    const botName =
      name.trim() || (template && (cardTexts[template.id]?.name ?? template.name)) || t("defaultName");
    const document = template ? instantiateTemplate(template) : {};
    create.mutate({ workspaceId, bot: { ...document, name: botName, folderId } });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={t("description")}
      className="w-[min(94vw,880px)]"
    >
      <Field label={t("name")} hint={t("nameHint")} className="max-w-sm">
        {(id) => (
          <Input
            id={id}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={255}
            placeholder={t("defaultName")}
          />
        )}
      </Field>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("templates")}>
        <TemplateTile
          emoji={<Plus size={22} aria-hidden />}
          title={t("blankTitle")}
          description={t("blankDescription")}
          isBusy={create.isPending && chosen === "blank"}
          isDisabled={create.isPending}
          onChoose={() => start(null)}
        />
        {botTemplates.map((template) => {
          const texts = cardTexts[template.id] ?? template;
          return (
            <TemplateTile
              key={template.id}
              emoji={template.icon}
              title={texts.name}
              description={texts.description}
              meta={t("templateMeta", { category: texts.category, count: template.groups.length })}
              isBusy={create.isPending && chosen === template.id}
              isDisabled={create.isPending}
              onChoose={() => start(template)}
            />
          );
        })}
      </ul>
    </Dialog>
  );
}

function TemplateTile({
  emoji,
  title,
  description,
  meta,
  isBusy,
  isDisabled,
  onChoose,
}: {
  emoji: React.ReactNode;
  title: string;
  description: string;
  meta?: string;
  isBusy: boolean;
  isDisabled: boolean;
  onChoose: () => void;
}) {
  const t = useTranslations("CreateBot");
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        disabled={isDisabled}
        aria-label={title}
        className={cn(
          "flex h-full w-full flex-col items-start gap-2 rounded-card border border-line bg-surface p-4 text-left transition-colors",
          "hover:border-brand-500 hover:bg-brand-50/40 disabled:cursor-default disabled:opacity-60",
          isBusy && "border-brand-500 bg-brand-50",
        )}
      >
        <span className="grid h-10 w-10 place-items-center rounded-lg bg-subtle text-xl text-brand-600">
          {emoji}
        </span>
        <span className="font-semibold">{isBusy ? t("creating") : title}</span>
        <span className="text-[13px] text-muted">{description}</span>
        {meta ? <span className="mt-auto pt-1 text-[12px] text-faint">{meta}</span> : null}
      </button>
    </li>
  );
}
