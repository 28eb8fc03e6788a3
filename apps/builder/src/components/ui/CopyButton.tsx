"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Button, type ButtonProps } from "./Button";

/** Copies `value` to the clipboard and confirms it in place. */
export function CopyButton({
  value,
  label = "Copy",
  copiedMessage = "Copied to the clipboard",
  ...props
}: { value: string; label?: string; copiedMessage?: string } & Omit<ButtonProps, "onClick" | "value">) {
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
      toast.success(copiedMessage);
    } catch {
      toast.error("The browser refused to copy; select the text and copy it by hand.");
    }
  }

  return (
    <Button size="sm" {...props} onClick={copy}>
      {isCopied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      {isCopied ? "Copied" : label}
    </Button>
  );
}
