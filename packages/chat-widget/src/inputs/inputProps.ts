import type { ChatInput, SystemMessages } from "@parley/schemas";
import type { Answer } from "../session/ChatController";

export type InputOf<T extends ChatInput["type"]> = Extract<ChatInput, { type: T }>;

/** Uploads files for the current input; resolves with their public URLs. */
export type UploadFiles = (files: File[], blockId: string) => Promise<string[]>;

export interface InputProps<T extends ChatInput["type"]> {
  input: InputOf<T>;
  onSubmit: (answer: Answer) => void;
  /** Value to start with: text restored after a failed send, or the variable's prefilled value. */
  defaultValue?: string;
  systemMessages: SystemMessages;
  /** The conversation's language (BCP 47) when the bot has languages: dates, times and numbers are written in it. */
  language?: string;
  uploadFiles: UploadFiles;
  isPreview: boolean;
}
