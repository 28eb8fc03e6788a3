import type { NocoDbFilter } from "@parley/schemas";

/**
 * A filter as NocoDB's `where` parameter: one `(field,op,value)` per comparison with a field, joined by `~and`
 * or `~or` (NocoDB's query syntax); undefined without any.
 */
export function toNocoDbWhere(filter: NocoDbFilter | undefined): string | undefined {
  const clauses = (filter?.comparisons ?? []).flatMap((comparison) => {
    const field = comparison.input?.trim();
    if (!field) return [];
    const value = comparison.value ?? "";
    switch (comparison.operator) {
      case "Not equal":
        return [`(${field},neq,${value})`];
      case "Contains":
        return [`(${field},like,%${value}%)`];
      case "Greater than":
        return [`(${field},gt,${value})`];
      case "Less than":
        return [`(${field},lt,${value})`];
      case "Is set":
        return [`(${field},isnot,null)`];
      case "Is empty":
        return [`(${field},is,null)`];
      case "Starts with":
        return [`(${field},like,${value}%)`];
      case "Ends with":
        return [`(${field},like,%${value})`];
      default:
        return [`(${field},eq,${value})`];
    }
  });
  return clauses.length > 0 ? clauses.join(filter?.joiner === "OR" ? "~or" : "~and") : undefined;
}
