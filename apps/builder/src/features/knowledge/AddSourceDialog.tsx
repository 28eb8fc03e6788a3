"use client";

import {
  DEFAULT_SITEMAP_MAX_PAGES,
  type KnowledgeSource,
  MAX_SITEMAP_MAX_PAGES,
} from "@parley/schemas/management/knowledge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { Dialog } from "@/components/ui/Dialog";
import { FormActions } from "@/components/ui/DialogForm";
import { Field, Input } from "@/components/ui/Field";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import {
  checkKnowledgeFile,
  describeKnowledgeFileProblem,
  formatFileSize,
  type KnowledgeFileCheck,
  knowledgeFileAccept,
} from "./knowledgeFileCheck";
import { getSourceTypeLabels } from "./knowledgeSourceStatus";
import { FormError, TextSourceFields } from "./TextSourceFields";
import { KnowledgeUploadError, uploadKnowledgeFile } from "./uploadKnowledgeFile";

type SourceKind = "text" | "url" | "sitemap" | "file";

const kindValues: SourceKind[] = ["text", "url", "sitemap", "file"];

/** Adds a source to a knowledge base: text, a web page, a sitemap or a file; it is then indexed in the background. */
export function AddSourceDialog({
  knowledgeBaseId,
  open,
  onOpenChange,
  onAdded,
}: {
  knowledgeBaseId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (source: KnowledgeSource) => void;
}) {
  const t = useTranslations("Knowledge");
  const typeLabels = getSourceTypeLabels(t);
  const kinds = kindValues.map((value) => ({ value, label: typeLabels[value] }));
  const [kind, setKind] = useState<SourceKind>("text");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("addSourceTitle")}
      description={t("addSourceDescription")}
      className="w-[min(92vw,560px)]"
    >
      <SegmentedControl label={t("kindOfSource")} value={kind} options={kinds} onChange={setKind} />
      {open ? (
        <SourceForm
          key={kind}
          kind={kind}
          knowledgeBaseId={knowledgeBaseId}
          onClose={() => onOpenChange(false)}
          onAdded={onAdded}
        />
      ) : null}
    </Dialog>
  );
}

function SourceForm({
  kind,
  knowledgeBaseId,
  onClose,
  onAdded,
}: {
  kind: SourceKind;
  knowledgeBaseId: string;
  onClose: () => void;
  onAdded: (source: KnowledgeSource) => void;
}) {
  const t = useTranslations("Knowledge");
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const [url, setUrl] = useState("");
  const [maxPages, setMaxPages] = useState(String(DEFAULT_SITEMAP_MAX_PAGES));
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const done = async (source: KnowledgeSource) => {
    await queryClient.invalidateQueries({ queryKey: trpc.knowledgeBases.listKnowledgeSources.queryKey() });
    onAdded(source);
    onClose();
  };
  const create = useMutation(
    trpc.knowledgeBases.createKnowledgeSource.mutationOptions({ onSuccess: ({ source }) => done(source) }),
  );
  const upload = useMutation({
    mutationFn: (picked: { file: File; fileType: Parameters<typeof uploadKnowledgeFile>[2] }) =>
      uploadKnowledgeFile(knowledgeBaseId, picked.file, picked.fileType),
    onSuccess: done,
  });
  const isPending = create.isPending || upload.isPending;
  const uploadError =
    upload.error instanceof KnowledgeUploadError
      ? upload.error.status === null
        ? t("uploadUnsent")
        : t("uploadFailed", { status: upload.error.status })
      : upload.error?.message;
  const error = fileError ?? (create.error ? getErrorMessage(create.error) : uploadError);
  const describeProblem = (picked: File, check: KnowledgeFileCheck) =>
    check.ok ? null : describeKnowledgeFileProblem(picked, check.problem, t, locale);

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    upload.reset();
    setFile(picked);
    const check = picked ? checkKnowledgeFile(picked) : null;
    setFileError(picked && check ? describeProblem(picked, check) : null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (kind === "file") {
      if (!file) return;
      const check = checkKnowledgeFile(file);
      if (!check.ok) return setFileError(describeProblem(file, check));
      upload.mutate({ file, fileType: check.fileType });
      return;
    }
    const optionalName = name.trim() ? { name: name.trim() } : {};
    if (kind === "text")
      create.mutate({ knowledgeBaseId, source: { type: "text", name: name.trim(), text } });
    else if (kind === "url")
      create.mutate({ knowledgeBaseId, source: { type: "url", url: url.trim(), ...optionalName } });
    else
      create.mutate({
        knowledgeBaseId,
        source: { type: "sitemap", url: url.trim(), maxPages: Number(maxPages), ...optionalName },
      });
  }

  const isIncomplete =
    kind === "text"
      ? name.trim() === "" || text.trim() === ""
      : kind === "file"
        ? file === null || fileError !== null
        : url.trim() === "";

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} aria-label={t("newSourceForm", { kind })}>
      {kind === "text" ? (
        <TextSourceFields
          name={name}
          text={text}
          onNameChange={setName}
          onTextChange={setText}
          rows={10}
          namePlaceholder={t("textNamePlaceholder")}
        />
      ) : null}
      {kind === "url" || kind === "sitemap" ? (
        <>
          <Field
            label={kind === "url" ? t("pageUrl") : t("sitemapUrl")}
            hint={kind === "url" ? t("pageUrlHint") : t("sitemapUrlHint")}
          >
            {(id) => (
              <Input
                id={id}
                type="url"
                value={url}
                required
                maxLength={2048}
                placeholder={
                  kind === "url" ? "https://help.example.com/returns" : "https://help.example.com/sitemap.xml"
                }
                onChange={(event) => setUrl(event.target.value)}
              />
            )}
          </Field>
          {kind === "sitemap" ? (
            <Field label={t("maxPages")} hint={t("maxPagesHint", { max: MAX_SITEMAP_MAX_PAGES })}>
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_SITEMAP_MAX_PAGES}
                  step={1}
                  required
                  value={maxPages}
                  onChange={(event) => setMaxPages(event.target.value)}
                />
              )}
            </Field>
          ) : null}
          <Field label={t("nameOptional")} hint={t("nameOptionalHint")}>
            {(id) => (
              <Input id={id} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
            )}
          </Field>
        </>
      ) : null}
      {kind === "file" ? (
        <Field
          label={t("file")}
          hint={
            file && !fileError
              ? t("fileChosen", { name: file.name, size: formatFileSize(file.size, locale) })
              : t("fileHint")
          }
        >
          {(id) => (
            <input
              id={id}
              type="file"
              required
              accept={knowledgeFileAccept}
              onChange={chooseFile}
              className="rounded-lg border border-line bg-surface p-2 text-[13px] file:mr-3 file:rounded-md file:border file:border-line file:bg-subtle file:px-3 file:py-1 file:text-ink"
            />
          )}
        </Field>
      ) : null}
      <FormError message={error} />
      <FormActions
        onCancel={onClose}
        submitLabel={kind === "file" ? t("upload") : t("add")}
        pendingLabel={kind === "file" ? t("uploading") : t("adding")}
        isPending={isPending}
        isDisabled={isIncomplete}
      />
    </form>
  );
}
