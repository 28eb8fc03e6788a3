import { cn } from "@/components/ui/cn";
import { familyStyles, getCatalogueEntry } from "./blockCatalogue";

/** A block kind's icon in its family colour, on a soft tile. */
export function BlockIcon({
  type,
  size = 16,
  className,
}: {
  type: string;
  size?: number;
  className?: string;
}) {
  const entry = getCatalogueEntry(type);
  const Icon = entry.icon;
  const style = familyStyles[entry.family];
  return (
    <span
      className={cn(
        "flex h-7 w-7 shrink-0 items-center justify-center rounded-md",
        style.soft,
        style.icon,
        className,
      )}
      aria-hidden
    >
      <Icon size={size} strokeWidth={2} />
    </span>
  );
}
