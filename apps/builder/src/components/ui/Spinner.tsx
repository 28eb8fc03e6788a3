import { LoaderCircle } from "lucide-react";

export function Spinner({ label = "Loading" }: { label?: string }) {
  return <LoaderCircle className="animate-spin text-muted" size={18} role="status" aria-label={label} />;
}
