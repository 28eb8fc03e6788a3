"use client";

import { Switch as SwitchPrimitive } from "radix-ui";
import { useId } from "react";

export function Switch({
  label,
  checked,
  onCheckedChange,
  hint,
  disabled,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint ? <span className="text-[13px] text-muted">{hint}</span> : null}
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="relative h-5 w-9 shrink-0 rounded-full bg-line-strong transition-colors disabled:opacity-50 data-[state=checked]:bg-brand-600"
      >
        <SwitchPrimitive.Thumb className="block h-4 w-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
      </SwitchPrimitive.Root>
    </div>
  );
}
