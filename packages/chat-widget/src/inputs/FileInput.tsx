import type { FileInputBlock } from "@parley/schemas";
import { type DragEvent, useRef, useState } from "react";
import { UploadIcon } from "../bubbles/icons";
import { type WidgetTextKey, widgetText } from "../widgetTexts";
import { InputError } from "./InputError";
import type { InputProps } from "./inputProps";
import { formatFileSize, matchesAllowedFileTypes, toAcceptAttribute } from "./matchesAllowedFileTypes";
import { useFocusOnMount } from "./useFocusOnMount";

/** Largest upload the widget lets through before asking the server (the server enforces its own limit). */
export const maxUploadSizeMb = 10;

/** The input kind FileInput renders (its definition's wire type). */
export const fileInputType: FileInputBlock["type"] = "file input";

/** File upload (one or several, allowed types, size limit) through the runtime's upload endpoint. */
export function FileInput({
  input,
  onSubmit,
  systemMessages,
  uploadFiles,
  language,
}: InputProps<typeof fileInputType>) {
  const options = input.options ?? {};
  const text = (key: WidgetTextKey) => widgetText(language, key);
  const labels = {
    placeholder: text("drop"),
    button: text("upload"),
    clear: text("clear"),
    skip: text("skip"),
    ...options.labels,
    success: { single: text("uploaded"), multiple: text("uploadedN"), ...options.labels?.success },
  };
  const allowedTypes = options.allowedFileTypes?.isEnabled ? (options.allowedFileTypes.types ?? []) : [];
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const [isUploading, setIsUploading] = useState(false);
  const [isDragging, setIsDragging] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useFocusOnMount(field);
  const isMultiple = options.isMultipleAllowed === true;

  const addFiles = (list: File[]) => {
    setError(undefined);
    for (const file of list) {
      if (!matchesAllowedFileTypes(file, allowedTypes))
        return setError(
          widgetText(language, "fileType", { name: file.name, types: allowedTypes.join(", ") }),
        );
      if (file.size > maxUploadSizeMb * 1024 * 1024)
        return setError(
          (systemMessages.fileUploadSizeError ?? "[[file]] is larger than [[limit]] MB.")
            .replace("[[file]]", file.name)
            .replace("[[limit]]", String(maxUploadSizeMb)),
        );
    }
    setFiles(isMultiple ? [...files, ...list] : list.slice(0, 1));
  };

  const upload = async () => {
    if (files.length === 0) return;
    setIsUploading(true);
    try {
      const urls = await uploadFiles(files, input.id);
      const label =
        urls.length > 1
          ? labels.success.multiple.replace("{total}", String(urls.length))
          : labels.success.single;
      onSubmit({ text: urls.join(", "), label });
    } catch (uploadError) {
      setIsUploading(false);
      setError(uploadError instanceof Error ? uploadError.message : systemMessages.fileUploadError);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="parley-input">
      <label
        className="parley-dropzone"
        data-dragging={isDragging ? "true" : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
      >
        <UploadIcon />
        <span>{labels.placeholder}</span>
        {allowedTypes.length > 0 ? <small>{allowedTypes.join(", ")}</small> : null}
        <input
          ref={field}
          className="parley-sr-only"
          type="file"
          multiple={isMultiple}
          accept={toAcceptAttribute(allowedTypes)}
          capture={options.capture}
          aria-label={labels.placeholder}
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
      </label>
      {files.length > 0 ? (
        <ul className="parley-file-list" aria-label={text("picked")}>
          {files.map((file) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span>{file.name}</span>
              <span>{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <InputError message={error} />
      <div className="parley-actions">
        {options.isRequired === false ? (
          <button
            type="button"
            className="parley-button"
            data-variant="outline"
            onClick={() => onSubmit({ text: "", label: labels.skip, isSkip: true })}
          >
            {labels.skip}
          </button>
        ) : null}
        {files.length > 0 ? (
          <button
            type="button"
            className="parley-button"
            data-variant="outline"
            onClick={() => setFiles([])}
            disabled={isUploading}
          >
            {labels.clear}
          </button>
        ) : null}
        <button
          type="button"
          className="parley-button"
          onClick={upload}
          disabled={files.length === 0 || isUploading}
        >
          {isUploading ? text("uploading") : labels.button}
        </button>
      </div>
    </div>
  );
}
