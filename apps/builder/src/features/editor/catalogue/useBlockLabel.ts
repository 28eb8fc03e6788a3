"use client";

import { useCallback } from "react";
import { useTranslations } from "use-intl";
import { getCatalogueEntry } from "./blockCatalogue";
import { getBlockLabels } from "./blockLabels";

/** A block type's name in the interface language (an unknown type: its catalogue entry's, the type itself). */
export function useBlockLabel(): (type: string) => string {
  const t = useTranslations("BlockLabels");
  return useCallback(
    (type: string) => {
      const labels: Record<string, string> = getBlockLabels(t);
      return labels[type] ?? getCatalogueEntry(type).label;
    },
    [t],
  );
}
