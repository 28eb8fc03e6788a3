"use client";

import { ChevronDown } from "lucide-react";
import { Accordion as AccordionPrimitive } from "radix-ui";
import type { ReactNode } from "react";

/** Collapsible sections of a long form; several may be open at once. */
export function Accordion({
  items,
  defaultOpen,
}: {
  items: { value: string; title: string; icon?: ReactNode; content: ReactNode }[];
  defaultOpen?: string[];
}) {
  return (
    <AccordionPrimitive.Root
      type="multiple"
      defaultValue={defaultOpen}
      className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface"
    >
      {items.map((item) => (
        <AccordionPrimitive.Item key={item.value} value={item.value}>
          <AccordionPrimitive.Header>
            <AccordionPrimitive.Trigger className="group flex w-full items-center gap-2 px-4 py-3 text-left font-semibold hover:bg-subtle/60">
              {item.icon ? <span className="text-muted">{item.icon}</span> : null}
              <span className="flex-1">{item.title}</span>
              <ChevronDown
                size={16}
                aria-hidden
                className="text-muted transition-transform group-data-[state=open]:rotate-180"
              />
            </AccordionPrimitive.Trigger>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content className="flex flex-col gap-4 px-4 pt-1 pb-4">
            {item.content}
          </AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}
