"use client";

import {
  type InterfaceLanguage,
  interfaceLanguageNames,
  interfaceLanguages,
} from "@parley/schemas/management/interfaceLanguages";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/** The builder's language for this person: one of the languages it is written in, or their browser's. */
export function InterfaceLanguageSection({ chosen }: { chosen: InterfaceLanguage | null }) {
  const t = useTranslations("InterfaceLanguage");
  const trpc = useTRPC();
  const router = useRouter();
  const selectId = useId();
  const save = useMutation(
    trpc.account.setInterfaceLanguage.mutationOptions({
      // The pages are rendered in the language on the server: render them again.
      onSuccess: () => {
        router.refresh();
        toast.success(t("saved"));
      },
      onError: (cause) => toast.error(t("failed", { reason: getErrorMessage(cause) })),
    }),
  );
  return (
    <Section id="interface-language" title={t("title")} description={t("description")}>
      <div className="flex max-w-sm flex-col gap-1">
        <label htmlFor={selectId} className="font-medium">
          {t("label")}
        </label>
        <Select
          id={selectId}
          value={save.isPending ? (save.variables?.language ?? "") : (chosen ?? "")}
          disabled={save.isPending}
          onChange={(event) => {
            const value = event.target.value;
            const language = interfaceLanguages.find((candidate) => candidate === value) ?? null;
            save.mutate({ language });
          }}
        >
          <option value="">{t("browser")}</option>
          {interfaceLanguages.map((language) => (
            <option key={language} value={language} lang={language}>
              {interfaceLanguageNames[language]}
            </option>
          ))}
        </Select>
      </div>
    </Section>
  );
}
