"use client";

import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { downloadFile } from "@/lib/downloadFile";

/** The 10 recovery codes, shown once: copy, download, then done. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Parley recovery codes (each works once)\n\n${codes.join("\n")}\n`;
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-warning-600 bg-warning-50 p-4"
      aria-labelledby="recovery-codes-title"
    >
      <h3 id="recovery-codes-title" className="font-semibold">
        Save your recovery codes
      </h3>
      <p>
        Each code signs you in once if you lose your phone. They are shown only now: keep them in a password
        manager or print them.
      </p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join("\n")} label="Copy codes" size="sm" />
        <Button size="sm" onClick={() => downloadFile("parley-recovery-codes.txt", text, "text/plain")}>
          Download
        </Button>
        <Button size="sm" variant="primary" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </section>
  );
}
