import { type BlockCategory, type BlockType, blockDefinitions } from "@parley/schemas";
import { Code, type LucideIcon } from "lucide-react";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { blockIcons } from "./blockIcons";

export type BlockFamily = BlockCategory;

export interface CatalogueEntry {
  type: string;
  label: string;
  family: BlockFamily;
  icon: LucideIcon;
  /** Words that find the block in the catalogue search besides its label. */
  keywords?: string;
}

const allEntries: readonly (CatalogueEntry & { type: BlockType; isHidden: boolean })[] = blockDefinitions.map(
  ({ type, category, catalogue }) => ({
    type,
    label: catalogue.label,
    family: category,
    icon: blockIcons[catalogue.icon] ?? Code,
    keywords: "keywords" in catalogue ? catalogue.keywords : undefined,
    isHidden: "isHidden" in catalogue && catalogue.isHidden === true,
  }),
);

/** Every block kind an author can add, in the definitions' order, with its name and icon. */
export const blockCatalogue: readonly (CatalogueEntry & { type: BlockType })[] = allEntries.filter(
  (entry) => !entry.isHidden,
);

const entriesByType = new Map<string, CatalogueEntry>(allEntries.map((entry) => [entry.type, entry]));

/** The catalogue entry of a block type (unknown types get a neutral one). */
export function getCatalogueEntry(type: string): CatalogueEntry {
  return entriesByType.get(type) ?? { type, label: type, family: "logic", icon: Code };
}

/** Each family's heading in the catalogue, in the interface language. */
export const getFamilyLabels = (t: InterfaceTranslator<"BlockCatalogue">): Record<BlockFamily, string> => ({
  bubble: t("bubbles"),
  input: t("inputs"),
  logic: t("logic"),
  integration: t("integrations"),
});

/** Tailwind classes of each family's accent (icon colour, soft background). */
export const familyStyles: Record<BlockFamily, { icon: string; soft: string }> = {
  bubble: { icon: "text-bubble", soft: "bg-bubble/10" },
  input: { icon: "text-input", soft: "bg-input/10" },
  logic: { icon: "text-logic", soft: "bg-logic/10" },
  integration: { icon: "text-integration", soft: "bg-integration/10" },
};
