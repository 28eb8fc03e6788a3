"use client";

import { Users } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { useBotHeader } from "../bot-layout/BotContext";
import { ShareBotDialog } from "./ShareBotDialog";

/** The header's "Share" button of a bot's pages, for the members of its workspace; opens the share dialog. */
export function ShareBotButton() {
  const t = useTranslations("BotSharing");
  const { id, name, isWorkspaceMember, canShare } = useBotHeader();
  const [open, setOpen] = useState(false);
  if (!isWorkspaceMember) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Users size={14} aria-hidden />
        {t("shareButton")}
      </Button>
      <ShareBotDialog botId={id} botName={name} canShare={canShare} open={open} onOpenChange={setOpen} />
    </>
  );
}
