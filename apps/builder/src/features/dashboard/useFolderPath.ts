"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPCClient } from "@/lib/trpc";

export interface FolderCrumb {
  id: string;
  name: string;
  parentFolderId: string | null;
  workspaceId: string;
}

/** The folder and its ancestors, outermost first (for the breadcrumb). */
export function useFolderPath(folderId: string | null) {
  const client = useTRPCClient();
  return useQuery({
    queryKey: ["folderPath", folderId],
    enabled: folderId !== null,
    queryFn: async (): Promise<FolderCrumb[]> => {
      const path: FolderCrumb[] = [];
      let nextId: string | null = folderId;
      // Folders nest a few levels deep; the bound only guards against a cycle in the data.
      while (nextId && path.length < 32) {
        const { folder } = await client.folders.getFolder.query({ folderId: nextId });
        path.unshift(folder);
        nextId = folder.parentFolderId;
      }
      return path;
    },
  });
}
