"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { cn } from "@/components/ui/cn";
import { ErrorState } from "@/components/ui/ErrorState";
import { Sheet } from "@/components/ui/Sheet";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { AttachmentPreview } from "../inbox/AttachmentPreview";
import { ResultLogs } from "./ResultLogs";

/** One result in full: the conversation as it happened, every variable, then its logs. */
export function ResultSheet({
  botId,
  resultId,
  onClose,
}: {
  botId: string;
  resultId: string | null;
  onClose: () => void;
}) {
  const t = useTranslations("ResultSheet");
  const dates = useDateFormat();
  const trpc = useTRPC();
  const result = useQuery(
    trpc.results.getResult.queryOptions({ botId, resultId: resultId ?? "" }, { enabled: resultId !== null }),
  );
  const data = result.data?.result;
  return (
    <Sheet
      open={resultId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("title")}
      description={data ? dates.dateTime(data.createdAt) : undefined}
    >
      {result.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t("loading")} />
        </div>
      ) : result.isError ? (
        <ErrorState error={result.error} onRetry={() => result.refetch()} />
      ) : data ? (
        <div className="flex flex-col gap-6">
          <div>
            {data.isCompleted ? (
              <Badge tone="success">{t("completed")}</Badge>
            ) : (
              <Badge>{t("inProgress")}</Badge>
            )}
          </div>
          <section aria-labelledby="transcript-title" className="flex flex-col gap-2">
            <h3
              id="transcript-title"
              className="text-[13px] font-semibold tracking-wide text-muted uppercase"
            >
              {t("conversation")}
            </h3>
            {data.transcript.length === 0 ? (
              <p className="text-muted">{t("nothingSaid")}</p>
            ) : (
              <ol className="flex flex-col gap-2" data-testid="transcript">
                {data.transcript.map((entry, index) => (
                  <li
                    // The transcript is an immutable log: position is its identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={index}
                    className={cn(
                      "max-w-[85%] rounded-2xl px-3 py-2 whitespace-pre-wrap break-words",
                      entry.role === "bot"
                        ? "self-start rounded-bl-md bg-subtle"
                        : "self-end rounded-br-md bg-brand-600 text-white",
                    )}
                  >
                    <span className="sr-only">{entry.role === "bot" ? t("botSaid") : t("userSaid")} </span>
                    {entry.text}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {data.inboxMessages.length > 0 ? (
            <section aria-labelledby="inbox-title" className="flex flex-col gap-2">
              <h3 id="inbox-title" className="text-[13px] font-semibold tracking-wide text-muted uppercase">
                With the team (inbox)
              </h3>
              <ol className="flex flex-col gap-2" data-testid="inbox-transcript">
                {data.inboxMessages.map((message) =>
                  message.author === "system" ? (
                    <li key={message.id} className="text-center text-[12px] text-muted">
                      {message.text}
                    </li>
                  ) : (
                    <li
                      key={message.id}
                      className={cn(
                        "flex max-w-[85%] flex-col gap-1",
                        message.author === "agent" ? "self-start" : "self-end items-end",
                      )}
                    >
                      <span className="sr-only">
                        {message.author === "agent" ? t("agentSays") : t("userSays")}
                      </span>
                      {message.text ? (
                        <span
                          className={cn(
                            "rounded-2xl px-3 py-2 whitespace-pre-wrap break-words",
                            message.author === "agent"
                              ? "rounded-bl-md bg-subtle"
                              : "rounded-br-md bg-brand-600 text-white",
                          )}
                        >
                          {message.text}
                        </span>
                      ) : null}
                      {message.attachment ? <AttachmentPreview attachment={message.attachment} /> : null}
                    </li>
                  ),
                )}
              </ol>
            </section>
          ) : null}
          <section aria-labelledby="variables-title" className="flex flex-col gap-2">
            <h3 id="variables-title" className="text-[13px] font-semibold tracking-wide text-muted uppercase">
              {t("variables")}
            </h3>
            <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-1.5">
              {data.variables.map((variable) => (
                <div key={variable.id} className="contents">
                  <dt className="truncate text-muted">{variable.name}</dt>
                  <dd className="break-words">
                    {Array.isArray(variable.value)
                      ? variable.value.filter((item) => item !== null).join(", ")
                      : (variable.value ?? "—")}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <ResultLogs botId={botId} resultId={data.id} />
        </div>
      ) : null}
    </Sheet>
  );
}
