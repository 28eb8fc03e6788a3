import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { useTranslations } from "use-intl";
import { Button, type ButtonProps } from "./Button";
import { cn } from "./cn";

/** A table that scrolls sideways inside its card on narrow screens. */
export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    // `relative`: what is positioned inside (a header's screen-reader text) stays in the scrolling card instead of
    // widening the page.
    <div className="relative overflow-x-auto">
      <table className={cn("w-full border-collapse text-left", className)} {...props} />
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      className={cn(
        "border-b border-line bg-subtle px-3 py-2 text-[12px] font-semibold tracking-wide whitespace-nowrap text-muted uppercase",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("border-b border-line px-3 py-2.5 align-middle", className)} {...props} />;
}

/** The header of a row's actions column: named for screen readers only. */
export function ActionsTh({ className }: { className?: string }) {
  const t = useTranslations("Ui");
  return (
    <Th className={className}>
      <span className="sr-only">{t("actions")}</span>
    </Th>
  );
}

/** A row's first cell: what the row is (its name), and smaller details under it. */
export function NameCell({ name, details }: { name: ReactNode; details?: ReactNode }) {
  return (
    <Td>
      <div className="flex min-w-0 flex-col">
        <span className="font-medium break-words">{name}</span>
        {details ? <div className="text-[13px] break-words text-muted">{details}</div> : null}
      </div>
    </Td>
  );
}

/** A row's last cell: its actions, at the end of the row. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Td>
      <div className="flex flex-wrap justify-end gap-1">{children}</div>
    </Td>
  );
}

/** A small action of a row (named for screen readers after what it acts on); `isDanger`: it removes something. */
export function RowAction({
  isDanger = false,
  variant = "ghost",
  className,
  ...props
}: ButtonProps & { isDanger?: boolean; "aria-label": string }) {
  return (
    <Button size="sm" variant={variant} className={cn(isDanger && "text-danger-600", className)} {...props} />
  );
}
