import { DashboardView } from "@/features/dashboard/DashboardView";

export default function DashboardPage() {
  return <DashboardView folderId={null} />;
}
