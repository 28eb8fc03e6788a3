"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/Dialog";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { type BotTemplate, botTemplates, instantiateTemplate } from "@/templates";

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
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const create = useMutation(
    trpc.bots.createBot.mutationOptions({
      onSuccess: async ({ bot }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() });
        toast.success(`“${bot.name}” created`);
        router.push(`/bots/${bot.id}/edit`);
      },
      onError: (error) => {
        setChosen(null);
        toast.error(`Could not create the bot: ${getErrorMessage(error)}`);
      },
    }),
  );

  function start(template: BotTemplate | null) {
    setChosen(template?.id ?? "blank");
    const botName = name.trim() || template?.name || "My bot";
    const document = template ? instantiateTemplate(template) : {};
    create.mutate({ workspaceId, bot: { ...document, name: botName, folderId } });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a bot"
      description="Start from a blank canvas or from a ready-made flow you can change freely."
      className="w-[min(94vw,880px)]"
    >
      <Field label="Bot name" hint="You can rename it later." className="max-w-sm">
        {(id) => (
          <Input
            id={id}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={255}
            placeholder="My bot"
          />
        )}
      </Field>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Templates">
        <TemplateTile
          emoji={<Plus size={22} aria-hidden />}
          title="Start from scratch"
          description="An empty flow with just the start event."
          isBusy={create.isPending && chosen === "blank"}
          isDisabled={create.isPending}
          onChoose={() => start(null)}
        />
        {botTemplates.map((template) => (
          <TemplateTile
            key={template.id}
            emoji={template.icon}
            title={template.name}
            description={template.description}
            meta={`${template.category} · ${template.groups.length} groups`}
            isBusy={create.isPending && chosen === template.id}
            isDisabled={create.isPending}
            onChoose={() => start(template)}
          />
        ))}
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
        <span className="font-semibold">{isBusy ? "Creating…" : title}</span>
        <span className="text-[13px] text-muted">{description}</span>
        {meta ? <span className="mt-auto pt-1 text-[12px] text-faint">{meta}</span> : null}
      </button>
    </li>
  );
}
