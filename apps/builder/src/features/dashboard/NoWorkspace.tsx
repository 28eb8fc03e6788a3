"use client";

import { Building2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { CreateWorkspaceDialog } from "../workspace/CreateWorkspaceDialog";

/** The dashboard of a user who is a member of no workspace (the last one was deleted, or they were removed). */
export function NoWorkspace() {
  const [isCreating, setIsCreating] = useState(false);
  return (
    <>
      <EmptyState icon={<Building2 size={32} />} title="You are not in any workspace">
        <p className="text-muted">Create one to build bots, or ask a workspace's admin to invite you.</p>
        <Button variant="primary" onClick={() => setIsCreating(true)}>
          Create a workspace
        </Button>
      </EmptyState>
      <CreateWorkspaceDialog open={isCreating} onOpenChange={setIsCreating} />
    </>
  );
}
