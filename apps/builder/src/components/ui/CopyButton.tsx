"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button, type ButtonProps } from "./Button";

/** Copies `value` to the clipboard and confirms it in place. */
export function CopyButton({
  value,
  label,
  copiedMessage,
  ...props
}: { value: string; label?: string; copiedMessage?: string } & Omit<ButtonProps, "onClick" | "value">) {
  const t = useTranslations("Ui");
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      toast.success(copiedMessage ?? t("copiedToClipboard"));
    } catch {
      toast.error(t("copyRefused"));
    }
  }

  return (
    <Button size="sm" {...props} onClick={copy}>
      {isCopied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      {isCopied ? t("copied") : (label ?? t("copy"))}
    </Button>
  );
}
