"use client";

import {
  Bot,
  Code,
  Gauge,
  Image as ImageIcon,
  LayoutPanelLeft,
  MessageSquare,
  MousePointerClick,
  TextCursorInput,
  Type,
  UserRound,
} from "lucide-react";
import { useTranslations } from "use-intl";
import { Accordion } from "@/components/ui/Accordion";
import { AvatarsSection, ContainerSection, CustomCssSection, SurfaceSection } from "./ChatThemeFields";
import { BackgroundSection, FontSection, ProgressBarSection } from "./GeneralThemeFields";
import type { ThemeFieldsProps } from "./themeEditing";

/** Every field of the theme, in collapsible sections. */
export function ThemeEditor(props: ThemeFieldsProps) {
  const t = useTranslations("ThemeEditor");
  return (
    <Accordion
      defaultOpen={["font", "hostBubbles"]}
      items={[
        { value: "font", title: t("font"), icon: <Type size={16} />, content: <FontSection {...props} /> },
        {
          value: "background",
          title: t("background"),
          icon: <ImageIcon size={16} />,
          content: <BackgroundSection {...props} />,
        },
        {
          value: "progressBar",
          title: t("progressBar"),
          icon: <Gauge size={16} />,
          content: <ProgressBarSection {...props} />,
        },
        {
          value: "container",
          title: t("container"),
          icon: <LayoutPanelLeft size={16} />,
          content: <ContainerSection {...props} />,
        },
        {
          value: "avatars",
          title: t("avatars"),
          icon: <UserRound size={16} />,
          content: <AvatarsSection {...props} />,
        },
        {
          value: "hostBubbles",
          title: t("hostBubbles"),
          icon: <Bot size={16} />,
          content: <SurfaceSection {...props} surface="hostBubbles" label={t("hostBubble")} />,
        },
        {
          value: "guestBubbles",
          title: t("guestBubbles"),
          icon: <MessageSquare size={16} />,
          content: <SurfaceSection {...props} surface="guestBubbles" label={t("guestBubble")} />,
        },
        {
          value: "buttons",
          title: t("buttons"),
          icon: <MousePointerClick size={16} />,
          content: <SurfaceSection {...props} surface="buttons" label={t("button")} />,
        },
        {
          value: "inputs",
          title: t("inputs"),
          icon: <TextCursorInput size={16} />,
          content: <SurfaceSection {...props} surface="inputs" label={t("input")} />,
        },
        {
          value: "customCss",
          title: t("customCss"),
          icon: <Code size={16} />,
          content: <CustomCssSection {...props} />,
        },
      ]}
    />
  );
}
