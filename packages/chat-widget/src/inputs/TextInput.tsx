import type { TextInputBlock } from "@parley/schemas";
import { type FormEvent, useRef, useState } from "react";
import { MicIcon, PaperclipIcon } from "../bubbles/icons";
import { widgetText } from "../widgetTexts";
import { AudioRecorder } from "./AudioRecorder";
import { InputError } from "./InputError";
import type { InputProps } from "./inputProps";
import { formatFileSize } from "./matchesAllowedFileTypes";
import { SendButton } from "./SendButton";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kind TextInput renders (its definition's wire type). */
export const textInputType: TextInputBlock["type"] = "text input";

/** Free text, short or long, with optional file attachments and a voice message. */
export function TextInput({
  input,
  onSubmit,
  defaultValue,
  systemMessages,
  uploadFiles,
  language,
}: InputProps<typeof textInputType>) {
  const options = input.options ?? {};
  const [value, setValue] = useState(defaultValue ?? "");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isRecording, setIsRecording] = useState(false);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const fileField = useRef<HTMLInputElement>(null);
  useFocusOnMount(field);
  // An AI agent asks with an empty placeholder (so text channels send no prompt): the default shows instead.
  const placeholder = options.labels?.placeholder || widgetText(language, "answer");

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = value.trim();
    if (!text && files.length === 0) return;
    setError(undefined);
    let attachedFileUrls: string[] | undefined;
    if (files.length > 0) {
      setIsBusy(true);
      try {
        attachedFileUrls = await uploadFiles(files, input.id);
      } catch (uploadError) {
        setIsBusy(false);
        return setError(uploadError instanceof Error ? uploadError.message : systemMessages.fileUploadError);
      }
    }
    onSubmit({ text, attachedFileUrls });
  };

  const sendRecording = async (recording: File) => {
    setIsRecording(false);
    setIsBusy(true);
    try {
      const [url] = await uploadFiles([recording], input.id);
      onSubmit({ text: url, audioUrl: url, label: `🎤 ${widgetText(language, "voice")}` });
    } catch (uploadError) {
      setIsBusy(false);
      setError(uploadError instanceof Error ? uploadError.message : systemMessages.fileUploadError);
    }
  };

  const Field = options.isLong ? "textarea" : "input";
  return (
    <form className="parley-input" data-wide={options.isLong ? "true" : undefined} onSubmit={submit}>
      <div className="parley-field-group">
        {isRecording ? (
          <AudioRecorder onDone={sendRecording} onCancel={() => setIsRecording(false)} language={language} />
        ) : (
          <>
            {options.attachments?.isEnabled ? (
              <>
                <button
                  type="button"
                  className="parley-button parley-icon-button"
                  data-variant="ghost"
                  aria-label={widgetText(language, "attach")}
                  onClick={() => fileField.current?.click()}
                >
                  <PaperclipIcon />
                </button>
                <input
                  ref={fileField}
                  type="file"
                  multiple
                  hidden
                  onChange={(event) => setFiles([...files, ...Array.from(event.target.files ?? [])])}
                />
              </>
            ) : null}
            <Field
              ref={field}
              className="parley-field"
              value={value}
              placeholder={placeholder}
              aria-label={placeholder}
              inputMode={options.inputMode ?? "text"}
              onChange={(event) => setValue(event.target.value)}
              onKeyDown={(event) => {
                // Long answers: Enter sends, Shift+Enter adds a line.
                if (
                  options.isLong &&
                  event.key === "Enter" &&
                  !event.shiftKey &&
                  !event.nativeEvent.isComposing
                ) {
                  event.preventDefault();
                  void submit();
                }
              }}
              rows={options.isLong ? 4 : undefined}
            />
            {options.audioClip?.isEnabled && !value ? (
              <button
                type="button"
                className="parley-button parley-icon-button"
                data-variant="ghost"
                aria-label={widgetText(language, "record")}
                onClick={() => setIsRecording(true)}
              >
                <MicIcon />
              </button>
            ) : null}
            <SendButton
              label={options.labels?.button}
              language={language}
              isDisabled={isBusy || (!value.trim() && files.length === 0)}
            />
          </>
        )}
      </div>
      {files.length > 0 ? (
        <ul className="parley-file-list" aria-label={widgetText(language, "attached")}>
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span>
                {file.name} · {formatFileSize(file.size)}
              </span>
              <button
                type="button"
                className="parley-button"
                data-variant="ghost"
                aria-label={widgetText(language, "remove", { name: file.name })}
                onClick={() => setFiles(files.filter((_, other) => other !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <InputError message={error} />
    </form>
  );
}
