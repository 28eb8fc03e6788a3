import { ChevronDown } from "lucide-react";
import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "./cn";
import { inputClassName } from "./Field";

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  /** Options shown before `children`, each `{value, label}`. */
  options?: readonly { value: string; label: string }[];
};

/** A native select (keyboard and screen-reader friendly everywhere) in the look of the inputs. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, children, options, ...props },
  ref,
) {
  return (
    <div className={cn("relative", className)}>
      <select ref={ref} className={cn(inputClassName, "h-9 appearance-none pr-8")} {...props}>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        size={16}
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-muted"
      />
    </div>
  );
});
