"use client";

import { Building2 } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { CreateWorkspaceDialog } from "../workspace/CreateWorkspaceDialog";

/** The dashboard of a user who is a member of no workspace (the last one was deleted, or they were removed). */
export function NoWorkspace() {
  const t = useTranslations("Dashboard");
  const [isCreating, setIsCreating] = useState(false);
  return (
    <>
      <EmptyState icon={<Building2 size={32} />} title={t("noWorkspaceTitle")}>
        <p className="text-muted">{t("noWorkspace")}</p>
        <Button variant="primary" onClick={() => setIsCreating(true)}>
          {t("createWorkspace")}
        </Button>
      </EmptyState>
      <CreateWorkspaceDialog open={isCreating} onOpenChange={setIsCreating} />
    </>
  );
}
