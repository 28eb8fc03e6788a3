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
import { Accordion } from "@/components/ui/Accordion";
import { AvatarsSection, ContainerSection, CustomCssSection, SurfaceSection } from "./ChatThemeFields";
import { BackgroundSection, FontSection, ProgressBarSection } from "./GeneralThemeFields";
import type { ThemeFieldsProps } from "./themeEditing";

/** Every field of the theme, in collapsible sections. */
export function ThemeEditor(props: ThemeFieldsProps) {
  return (
    <Accordion
      defaultOpen={["font", "hostBubbles"]}
      items={[
        { value: "font", title: "Font", icon: <Type size={16} />, content: <FontSection {...props} /> },
        {
          value: "background",
          title: "Background",
          icon: <ImageIcon size={16} />,
          content: <BackgroundSection {...props} />,
        },
        {
          value: "progressBar",
          title: "Progress bar",
          icon: <Gauge size={16} />,
          content: <ProgressBarSection {...props} />,
        },
        {
          value: "container",
          title: "Chat container",
          icon: <LayoutPanelLeft size={16} />,
          content: <ContainerSection {...props} />,
        },
        {
          value: "avatars",
          title: "Avatars",
          icon: <UserRound size={16} />,
          content: <AvatarsSection {...props} />,
        },
        {
          value: "hostBubbles",
          title: "Bot bubbles",
          icon: <Bot size={16} />,
          content: <SurfaceSection {...props} surface="hostBubbles" label="Bot bubble" />,
        },
        {
          value: "guestBubbles",
          title: "User bubbles",
          icon: <MessageSquare size={16} />,
          content: <SurfaceSection {...props} surface="guestBubbles" label="User bubble" />,
        },
        {
          value: "buttons",
          title: "Buttons",
          icon: <MousePointerClick size={16} />,
          content: <SurfaceSection {...props} surface="buttons" label="Button" />,
        },
        {
          value: "inputs",
          title: "Inputs",
          icon: <TextCursorInput size={16} />,
          content: <SurfaceSection {...props} surface="inputs" label="Input" />,
        },
        {
          value: "customCss",
          title: "Custom CSS",
          icon: <Code size={16} />,
          content: <CustomCssSection {...props} />,
        },
      ]}
    />
  );
}
