import { DashboardView } from "@/features/dashboard/DashboardView";

export default async function FolderPage({ params }: { params: Promise<{ folderId: string }> }) {
  const { folderId } = await params;
  return <DashboardView key={folderId} folderId={folderId} />;
}
