"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { Switch } from "@/components/ui/Switch";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";
import { CanarySection } from "./CanarySection";
import { ChatKeySection } from "./ChatKeySection";
import { CustomDomainSection } from "./CustomDomainSection";
import { EmbedSection } from "./EmbedSection";
import { PublicUrlSection } from "./PublicUrlSection";
import { PublishSection } from "./PublishSection";
import { type RiskHold, RiskHoldBanner } from "./RiskHoldBanner";
import { VersionsSection } from "./VersionsSection";
import { WebhooksSection } from "./WebhooksSection";

/** Publish, the share link and its address, embed code, the custom domain, the chat key, result webhooks and the version history. */
export function ShareView({ viewerUrl, riskHold }: { viewerUrl: string; riskHold: RiskHold | null }) {
  const t = useTranslations("Share");
  const { id: botId, canEdit, isAdmin } = useBotHeader();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const bot = useQuery(trpc.bots.getBot.queryOptions({ botId }));
  const versions = useQuery(trpc.publishing.listBotVersions.queryOptions({ botId }));
  const chatKey = useQuery(trpc.publishing.getChatKey.queryOptions({ botId }));
  const customDomain = useQuery(trpc.bots.getCustomDomain.queryOptions({ botId }));
  const close = useMutation(
    trpc.bots.updateBot.mutationOptions({
      onSuccess: async ({ bot: saved }) => {
        toast.success(saved.isClosed ? t("closed") : t("reopened"));
        await queryClient.invalidateQueries({ queryKey: trpc.bots.getBot.queryKey({ botId }) });
      },
      onError: (error) => toast.error(t("closeFailed", { reason: getErrorMessage(error) })),
    }),
  );

  const error = bot.error ?? versions.error ?? chatKey.error ?? customDomain.error;
  if (error)
    return (
      <div className="p-6">
        <ErrorState
          error={error}
          onRetry={() =>
            void Promise.all([bot.refetch(), versions.refetch(), chatKey.refetch(), customDomain.refetch()])
          }
        />
      </div>
    );
  if (!bot.data || !versions.data || !chatKey.data || !customDomain.data)
    return (
      <div className="grid h-full place-items-center">
        <Spinner label={t("loading")} />
      </div>
    );

  const current = versions.data.versions.find((version) => version.isCurrent) ?? null;
  const key = chatKey.data.chatKey;
  const publicId = bot.data.bot.publicId;
  const domain = customDomain.data.customDomain;
  // Once verified, embeds load from the custom domain, and so reach the chat endpoints on it.
  const embedUrl = domain?.isVerified ? `https://${domain.host}` : viewerUrl;
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
        {riskHold ? <RiskHoldBanner hold={riskHold} /> : null}
        <PublishSection
          botId={botId}
          canEdit={canEdit}
          isAdmin={isAdmin}
          state={{
            isPublished: current !== null,
            publishedAt: current?.createdAt ?? null,
            hasUnpublishedChanges: current !== null && bot.data.bot.updatedAt > current.createdAt,
          }}
        />
        <CanarySection
          botId={botId}
          canEdit={canEdit}
          isPublished={current !== null}
          resultsHref={`/bots/${botId}/results#versions`}
        />
        <PublicUrlSection
          botId={botId}
          publicId={publicId}
          viewerUrl={viewerUrl}
          isPublished={current !== null}
          canEdit={canEdit}
        />
        <EmbedSection
          target={current && key && publicId ? { viewerUrl: embedUrl, publicId, chatKey: key.key } : null}
        />
        <CustomDomainSection
          botId={botId}
          customDomain={bot.data.bot.customDomain}
          status={domain}
          canEdit={canEdit}
        />
        <ChatKeySection botId={botId} chatKey={key} canEdit={canEdit} />
        <Section id="availability" title={t("availability")}>
          <Switch
            label={t("closeBot")}
            hint={t("closeBotHint")}
            checked={bot.data.bot.isClosed}
            onCheckedChange={(isClosed) => canEdit && close.mutate({ botId, bot: { isClosed } })}
          />
        </Section>
        {/* Guests cannot read webhooks: their URLs often hold a token. */}
        {canEdit ? <WebhooksSection botId={botId} /> : null}
        <VersionsSection botId={botId} versions={versions.data.versions} canEdit={canEdit} />
      </div>
    </div>
  );
}
