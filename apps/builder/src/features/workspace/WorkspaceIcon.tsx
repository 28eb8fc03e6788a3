import { cn } from "@/components/ui/cn";

/** A workspace's emoji (or image URL), else its initial on a tinted square. */
export function WorkspaceIcon({
  name,
  icon,
  size = "md",
}: {
  name: string;
  icon: string | null | undefined;
  size?: "sm" | "md" | "lg";
}) {
  const box = { sm: "h-6 w-6 text-[13px]", md: "h-7 w-7 text-[15px]", lg: "h-12 w-12 text-2xl" }[size];
  if (icon && /^https?:\/\//.test(icon)) {
    // biome-ignore lint/performance/noImgElement: user-given URL of any host; next/image would need each host configured
    return <img src={icon} alt="" className={cn("shrink-0 rounded-md object-cover", box)} />;
  }
  return (
    <span
      aria-hidden
      className={cn(
        "grid shrink-0 place-items-center rounded-md font-semibold",
        icon ? "bg-subtle" : "bg-brand-100 text-brand-700",
        box,
      )}
    >
      {icon || name.trim().charAt(0).toUpperCase() || "W"}
    </span>
  );
}
