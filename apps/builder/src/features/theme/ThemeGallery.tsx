"use client";

import { createId } from "@paralleldrive/cuid2";
import { applyThemeDefaults, type Theme } from "@parley/schemas";
import type { ThemeTemplate } from "@parley/schemas/management/themeTemplates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/**
 * The theme templates: the built-in gallery and the workspace's own. Choosing one applies its
 * theme (saved like any theme edit) and records its id on the bot (`selectedThemeTemplateId`);
 * the current theme can be saved as a template of the workspace, and the workspace's templates deleted.
 */
export function ThemeGallery({
  botId,
  workspaceId,
  theme,
  canEdit,
  onApply,
}: {
  botId: string;
  workspaceId: string;
  theme: Theme;
  canEdit: boolean;
  onApply: (theme: Theme) => void;
}) {
  const t = useTranslations("ThemeGallery");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.themeTemplates.listThemeTemplates.queryOptions({ workspaceId }));
  const bot = useQuery(trpc.bots.getBot.queryOptions({ botId }, { refetchOnWindowFocus: false }));
  const [selectedId, setSelectedId] = useState<string | null | undefined>(undefined);
  const currentId = selectedId === undefined ? (bot.data?.bot.selectedThemeTemplateId ?? null) : selectedId;
  const [name, setName] = useState("");
  const [deleting, setDeleting] = useState<ThemeTemplate | null>(null);
  const refreshTemplates = () =>
    queryClient.invalidateQueries({
      queryKey: trpc.themeTemplates.listThemeTemplates.queryKey({ workspaceId }),
    });

  const select = useMutation(trpc.bots.updateBot.mutationOptions());
  const save = useMutation(
    trpc.themeTemplates.saveThemeTemplate.mutationOptions({
      onSuccess: async ({ themeTemplate }) => {
        setName("");
        toast.success(t("saved", { name: themeTemplate.name }));
        await refreshTemplates();
      },
      onError: (error) => toast.error(t("saveFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const remove = useMutation(
    trpc.themeTemplates.deleteThemeTemplate.mutationOptions({
      onSuccess: async (_data, variables) => {
        setDeleting(null);
        if (currentId === variables.themeTemplateId) setSelectedId(null);
        await refreshTemplates();
      },
      onError: (error) => toast.error(t("deleteFailed", { reason: getErrorMessage(error) })),
    }),
  );

  const apply = async (template: ThemeTemplate) => {
    setSelectedId(template.id);
    try {
      // The id first (no updatedAt: it never conflicts); the theme follows through the autosaver.
      await select.mutateAsync({ botId, bot: { selectedThemeTemplateId: template.id } });
    } catch (error) {
      toast.error(t("applyFailed", { reason: getErrorMessage(error) }));
      return;
    }
    onApply(structuredClone(template.theme));
  };
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate({ workspaceId, themeTemplateId: createId(), name: name.trim(), theme });
  };

  const list = templates.data?.themeTemplates ?? [];
  const groups = [
    { title: t("gallery"), items: list.filter((template) => template.isBuiltIn) },
    { title: t("yours"), items: list.filter((template) => !template.isBuiltIn) },
  ];
  return (
    <section aria-labelledby="theme-templates-title" className="flex flex-col gap-3">
      <h3 id="theme-templates-title" className="font-semibold">
        {t("title")}
      </h3>
      {templates.error ? (
        <p role="alert" className="flex items-center gap-2 text-[13px] text-danger-600">
          {t("loadFailed", { reason: getErrorMessage(templates.error) })}
          <Button size="sm" variant="ghost" onClick={() => templates.refetch()}>
            {t("retry")}
          </Button>
        </p>
      ) : (
        groups.map((group) => (
          <div key={group.title} className="flex flex-col gap-2">
            <h4 className="text-[13px] font-medium text-muted">{group.title}</h4>
            {group.items.length === 0 ? (
              <p className="text-[13px] text-muted">{templates.isPending ? t("loading") : t("none")}</p>
            ) : (
              <ul aria-label={group.title} className="grid grid-cols-2 gap-2">
                {group.items.map((template) => (
                  <li key={template.id} className="relative">
                    <TemplateButton
                      template={template}
                      isSelected={template.id === currentId}
                      onClick={() => apply(template)}
                    />
                    {!template.isBuiltIn && canEdit ? (
                      <button
                        type="button"
                        aria-label={t("deleteNamed", { name: template.name })}
                        onClick={() => setDeleting(template)}
                        className="absolute top-1 right-1 rounded p-1 text-muted hover:bg-subtle hover:text-ink"
                      >
                        <Trash2 size={14} aria-hidden />
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))
      )}
      <form onSubmit={onSave} className="flex gap-2">
        <Input
          aria-label={t("name")}
          placeholder={t("namePlaceholder")}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" size="sm" disabled={!name.trim() || save.isPending}>
          {t("save")}
        </Button>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("deleteTitle", { name: deleting?.name ?? "" })}
        description={t("deleteDescription")}
        confirmLabel={t("deleteConfirm")}
        onConfirm={() => deleting && remove.mutate({ workspaceId, themeTemplateId: deleting.id })}
      />
    </section>
  );
}

function TemplateButton({
  template,
  isSelected,
  onClick,
}: {
  template: ThemeTemplate;
  isSelected: boolean;
  onClick: () => void;
}) {
  const theme = applyThemeDefaults(template.theme);
  const background = theme.general.background.type === "Color" ? theme.general.background.content : "#FFFFFF";
  const swatches = [theme.chat.hostBubbles.backgroundColor, theme.chat.buttons.backgroundColor];
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={onClick}
      className={cn(
        "flex w-full flex-col gap-2 rounded-lg border border-line p-2 text-left hover:border-ink",
        isSelected && "border-ink ring-2 ring-ink/20",
      )}
    >
      <span
        aria-hidden
        className="flex h-10 items-end gap-1 rounded-md p-1.5"
        style={{ backgroundColor: background }}
      >
        {swatches.map((color, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: two fixed swatches
            key={index}
            className="h-4 flex-1 rounded"
            style={{ backgroundColor: color }}
          />
        ))}
      </span>
      <span className="flex items-center gap-1 text-[13px] font-medium">
        {isSelected ? <Check size={12} aria-hidden /> : null}
        {template.name}
      </span>
    </button>
  );
}
