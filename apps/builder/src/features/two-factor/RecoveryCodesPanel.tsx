"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { downloadFile } from "@/lib/downloadFile";

/** The 10 recovery codes, shown once: copy, download, then done. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("AccountSecurity");
  const text = `${t("recoveryFileHeading")}\n\n${codes.join("\n")}\n`;
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-warning-600 bg-warning-50 p-4"
      aria-labelledby="recovery-codes-title"
    >
      <h3 id="recovery-codes-title" className="font-semibold">
        {t("recoveryTitle")}
      </h3>
      <p>{t("recoveryText")}</p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono" aria-label={t("recoveryCodes")}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join("\n")} label={t("copyCodes")} size="sm" />
        <Button size="sm" onClick={() => downloadFile("parley-recovery-codes.txt", text, "text/plain")}>
          {t("download")}
        </Button>
        <Button size="sm" variant="primary" onClick={onDone}>
          {t("savedThem")}
        </Button>
      </div>
    </section>
  );
}
