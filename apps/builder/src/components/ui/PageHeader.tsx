import type { ReactNode } from "react";

/** The title row of a page: heading, an optional description and actions aligned right. */
export function PageHeader({
  title,
  description,
  actions,
  before,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Shown above the title (breadcrumb, back link). */
  before?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      {before}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">{actions}</div> : null}
      </div>
    </div>
  );
}
