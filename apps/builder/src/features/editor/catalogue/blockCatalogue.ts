import {
  AtSign,
  AudioLines,
  Bot,
  BrainCircuit,
  CalendarDays,
  ChartLine,
  Clock,
  Code,
  CornerDownRight,
  CreditCard,
  ExternalLink,
  Film,
  Frame,
  GitBranch,
  Globe,
  Hash,
  Hourglass,
  Image,
  Images,
  LayoutGrid,
  Link,
  type LucideIcon,
  Mail,
  MessageSquareText,
  MessagesSquare,
  Phone,
  Radar,
  Sheet,
  Sparkles,
  Split,
  SquareCheck,
  Star,
  TextCursorInput,
  Undo2,
  Upload,
  Variable,
  Webhook,
  Wind,
  Workflow,
  Zap,
} from "lucide-react";

export type BlockFamily = "bubble" | "input" | "logic" | "integration";

export interface CatalogueEntry {
  type: string;
  label: string;
  family: BlockFamily;
  icon: LucideIcon;
  /** Words that find the block in the catalogue search besides its label. */
  keywords?: string;
}

/** Every block kind of the schema, in catalogue order, with its name and icon. */
export const blockCatalogue: readonly CatalogueEntry[] = [
  { type: "text", label: "Text", family: "bubble", icon: MessageSquareText, keywords: "message bubble" },
  { type: "image", label: "Image", family: "bubble", icon: Image, keywords: "picture gif" },
  { type: "video", label: "Video", family: "bubble", icon: Film, keywords: "youtube vimeo" },
  { type: "audio", label: "Audio", family: "bubble", icon: AudioLines, keywords: "sound" },
  { type: "embed", label: "Embed", family: "bubble", icon: Frame, keywords: "iframe" },
  { type: "text input", label: "Text", family: "input", icon: TextCursorInput, keywords: "question answer" },
  { type: "number input", label: "Number", family: "input", icon: Hash },
  { type: "email input", label: "Email", family: "input", icon: AtSign },
  { type: "url input", label: "Website", family: "input", icon: Link, keywords: "url link" },
  { type: "date input", label: "Date", family: "input", icon: CalendarDays },
  { type: "time input", label: "Time", family: "input", icon: Clock },
  { type: "phone number input", label: "Phone", family: "input", icon: Phone },
  { type: "choice input", label: "Buttons", family: "input", icon: SquareCheck, keywords: "choice options" },
  { type: "picture choice input", label: "Pic choice", family: "input", icon: Images, keywords: "picture" },
  { type: "rating input", label: "Rating", family: "input", icon: Star, keywords: "nps score" },
  { type: "file input", label: "File", family: "input", icon: Upload, keywords: "upload attachment" },
  { type: "payment input", label: "Payment", family: "input", icon: CreditCard, keywords: "stripe" },
  { type: "cards", label: "Cards", family: "input", icon: LayoutGrid, keywords: "carousel" },
  { type: "Set variable", label: "Set variable", family: "logic", icon: Variable },
  { type: "Condition", label: "Condition", family: "logic", icon: GitBranch, keywords: "if else branch" },
  { type: "Redirect", label: "Redirect", family: "logic", icon: ExternalLink, keywords: "url" },
  { type: "Code", label: "Script", family: "logic", icon: Code, keywords: "javascript code" },
  { type: "Bot link", label: "Bot link", family: "logic", icon: Bot, keywords: "typebot link" },
  { type: "Wait", label: "Wait", family: "logic", icon: Hourglass, keywords: "delay pause" },
  { type: "AB test", label: "AB Test", family: "logic", icon: Split, keywords: "split random" },
  { type: "Jump", label: "Jump", family: "logic", icon: CornerDownRight, keywords: "goto" },
  { type: "Return", label: "Return", family: "logic", icon: Undo2 },
  { type: "webhook", label: "Webhook", family: "logic", icon: Radar, keywords: "listen wait for call" },
  { type: "Webhook", label: "HTTP request", family: "integration", icon: Webhook, keywords: "api fetch" },
  { type: "Email", label: "Send email", family: "integration", icon: Mail, keywords: "smtp" },
  {
    type: "Google Sheets",
    label: "Sheets",
    family: "integration",
    icon: Sheet,
    keywords: "google spreadsheet",
  },
  {
    type: "Google Analytics",
    label: "Analytics",
    family: "integration",
    icon: ChartLine,
    keywords: "google",
  },
  { type: "Pixel", label: "Pixel", family: "integration", icon: Globe, keywords: "meta facebook" },
  { type: "Zapier", label: "Zapier", family: "integration", icon: Zap },
  { type: "Make.com", label: "Make.com", family: "integration", icon: Workflow },
  { type: "Pabbly", label: "Pabbly", family: "integration", icon: Workflow },
  { type: "Chatwoot", label: "Chatwoot", family: "integration", icon: MessagesSquare, keywords: "live chat" },
  { type: "openai", label: "OpenAI", family: "integration", icon: Sparkles, keywords: "ai gpt chatgpt" },
  { type: "anthropic", label: "Anthropic", family: "integration", icon: BrainCircuit, keywords: "ai claude" },
  { type: "mistral", label: "Mistral", family: "integration", icon: Wind, keywords: "ai" },
  {
    type: "openai-compatible",
    label: "OpenAI-compatible",
    family: "integration",
    icon: Sparkles,
    keywords: "ai groq together openrouter perplexity deepseek",
  },
];

const entriesByType = new Map(blockCatalogue.map((entry) => [entry.type, entry]));

/** The catalogue entry of a block type (unknown types get a neutral one). */
export function getCatalogueEntry(type: string): CatalogueEntry {
  return entriesByType.get(type) ?? { type, label: type, family: "logic", icon: Code };
}

export const familyLabels: Record<BlockFamily, string> = {
  bubble: "Bubbles",
  input: "Inputs",
  logic: "Logic",
  integration: "Integrations",
};

/** Tailwind classes of each family's accent (icon colour, soft background). */
export const familyStyles: Record<BlockFamily, { icon: string; soft: string }> = {
  bubble: { icon: "text-bubble", soft: "bg-bubble/10" },
  input: { icon: "text-input", soft: "bg-input/10" },
  logic: { icon: "text-logic", soft: "bg-logic/10" },
  integration: { icon: "text-integration", soft: "bg-integration/10" },
};
