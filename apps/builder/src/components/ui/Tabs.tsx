"use client";

import { Tabs as TabsPrimitive } from "radix-ui";
import type { ReactNode } from "react";

export function Tabs({
  tabs,
  defaultValue,
  label,
}: {
  tabs: { value: string; label: string; content: ReactNode }[];
  defaultValue?: string;
  label: string;
}) {
  return (
    <TabsPrimitive.Root defaultValue={defaultValue ?? tabs[0]?.value} className="flex flex-col gap-4">
      <TabsPrimitive.List aria-label={label} className="flex gap-1 border-b border-line">
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.value}
            value={tab.value}
            className="-mb-px border-b-2 border-transparent px-3 py-2 font-medium text-muted hover:text-ink data-[state=active]:border-brand-600 data-[state=active]:text-ink"
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value}>
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
