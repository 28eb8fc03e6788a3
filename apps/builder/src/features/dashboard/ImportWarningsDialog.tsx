"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";

export interface ImportedBotWarnings {
  bot: { id: string; name: string };
  warnings: { message: string; path: (string | number)[] }[];
}

/** What an import converted, repaired or kept unsupported, per bot, right after the import. */
export function ImportWarningsDialog({
  imported,
  onClose,
  onOpen,
}: {
  imported: ImportedBotWarnings[] | null;
  onClose: () => void;
  onOpen: (botId: string) => void;
}) {
  const t = useTranslations("ImportBots");
  const withWarnings = imported?.filter((entry) => entry.warnings.length > 0) ?? [];
  const count = withWarnings.reduce((total, entry) => total + entry.warnings.length, 0);
  const single = imported?.length === 1 ? imported[0] : undefined;
  return (
    <Dialog
      open={withWarnings.length > 0}
      onOpenChange={(open) => !open && onClose()}
      title={t("warningsTitle", { count })}
      description={t("warningsDescription")}
      className="w-[min(92vw,640px)]"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("close")}
          </Button>
          {single ? (
            <Button variant="primary" onClick={() => onOpen(single.bot.id)}>
              {t("openNamed", { name: single.bot.name })}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="flex flex-col gap-4" data-testid="import-warnings">
        {withWarnings.map(({ bot, warnings }) => (
          <section key={bot.id} className="flex flex-col gap-1.5">
            {imported && imported.length > 1 ? <h3 className="font-medium">{bot.name}</h3> : null}
            <ul className="flex list-disc flex-col gap-1 pl-5 text-[13px]">
              {warnings.map((warning, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: warnings are a fixed list, never reordered
                <li key={index}>{warning.message}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
