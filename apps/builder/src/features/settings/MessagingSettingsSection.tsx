"use client";

import { createId } from "@paralleldrive/cuid2";
import { comparisonOperators, maxSessionExpiryHours } from "@parley/schemas";
import { answersEveryFirstMessage } from "@parley/schemas/messaging/answersEveryFirstMessage";
import { useQuery } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Field";
import { NumberField } from "@/components/ui/NumberField";
import { Section } from "@/components/ui/Section";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Select } from "@/components/ui/Select";
import { Switch } from "@/components/ui/Switch";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";
import { getOperatorLabels } from "../editor/settings/form/ConditionEditor";
import { MessagingChannelSetup } from "./MessagingChannelSetup";
import { MessagingConflictWarning } from "./MessagingConflictWarning";
import { MessagingCredentialsField, useMessagingChannel } from "./MessagingCredentialsField";
import { MessagingTestMessage } from "./MessagingTestMessage";
import type { SettingsFieldsProps } from "./settingsEditing";

type Comparison = { id: string; comparisonOperator?: string; value?: string };

/**
 * Third-party messaging channels: the account, on/off, session expiry (which web chats share) and the
 * first-message start condition.
 */
export function MessagingSettingsSection({
  settings,
  set,
  viewerUrl,
  sessionIdleHours,
}: SettingsFieldsProps & { viewerUrl: string; sessionIdleHours: number }) {
  const t = useTranslations("MessagingSettings");
  const operatorLabels = getOperatorLabels(useTranslations("ConditionEditor"));
  const trpc = useTRPC();
  const { id: botId, isWorkspaceMember } = useBotHeader();
  const bot = useQuery(trpc.bots.getBot.queryOptions({ botId }, { refetchOnWindowFocus: false }));
  const credentialsId = bot.data?.bot.messagingCredentialsId ?? null;
  const channel = useMessagingChannel(credentialsId);
  const hasAccount = Boolean(credentialsId);
  const messaging = settings.messaging;
  const condition = messaging.startCondition ?? { comparisons: [] };
  const comparisons = condition.comparisons as Comparison[];
  const setComparisons = (next: Comparison[]) =>
    set(["messaging", "startCondition"], { ...condition, comparisons: next });
  return (
    <Section id="messaging" title={t("title")} description={t("description")}>
      {isWorkspaceMember ? (
        <>
          <MessagingCredentialsField />
          {credentialsId && channel ? (
            <MessagingChannelSetup channel={channel} credentialsId={credentialsId} viewerUrl={viewerUrl} />
          ) : null}
        </>
      ) : (
        <p className="text-[13px] text-muted">{t("membersOnly")}</p>
      )}
      <Switch
        label={t("enabled")}
        hint={hasAccount ? t("enabledHint") : t("chooseAccountFirst")}
        checked={messaging.isEnabled}
        disabled={!hasAccount && !messaging.isEnabled}
        onCheckedChange={(checked) => set(["messaging", "isEnabled"], checked)}
      />
      <MessagingConflictWarning answersEveryMessage={hasAccount && answersEveryFirstMessage(settings)} />
      <NumberField
        label={t("sessionExpiry")}
        unit={t("hours")}
        min={0.01}
        max={maxSessionExpiryHours}
        step={0.5}
        placeholder={t("sessionExpiryPlaceholder", { hours: sessionIdleHours })}
        hint={t("sessionExpiryHint", { hours: sessionIdleHours })}
        value={messaging.sessionExpiryTimeout}
        onChange={(value: number | null) => set(["messaging", "sessionExpiryTimeout"], value)}
        className="max-w-xs"
      />
      <div className="flex flex-col gap-2">
        <span className="font-medium">{t("startCondition")}</span>
        <p className="text-[13px] text-muted">{t("startConditionHint")}</p>
        {comparisons.length > 1 ? (
          <SegmentedControl
            label={t("match")}
            value={condition.logicalOperator ?? "AND"}
            options={[
              { value: "AND", label: t("allRules") },
              { value: "OR", label: t("anyRule") },
            ]}
            onChange={(value) => set(["messaging", "startCondition", "logicalOperator"], value)}
          />
        ) : null}
        {comparisons.map((comparison, index) => (
          <div key={comparison.id} className="grid grid-cols-[1fr_1fr_auto] items-center gap-2">
            <Select
              aria-label={t("ruleOperator", { number: index + 1 })}
              value={comparison.comparisonOperator ?? "Equal to"}
              onChange={(event) =>
                setComparisons(
                  comparisons.map((item) =>
                    item.id === comparison.id ? { ...item, comparisonOperator: event.target.value } : item,
                  ),
                )
              }
            >
              {comparisonOperators.map((operator) => (
                <option key={operator} value={operator}>
                  {operatorLabels[operator]}
                </option>
              ))}
            </Select>
            <Input
              aria-label={t("ruleValue", { number: index + 1 })}
              value={comparison.value ?? ""}
              placeholder={t("rulePlaceholder")}
              onChange={(event) =>
                setComparisons(
                  comparisons.map((item) =>
                    item.id === comparison.id ? { ...item, value: event.target.value } : item,
                  ),
                )
              }
            />
            <Button
              variant="ghost"
              aria-label={t("removeRule", { number: index + 1 })}
              onClick={() => setComparisons(comparisons.filter((item) => item.id !== comparison.id))}
            >
              <Trash2 size={14} aria-hidden />
            </Button>
          </div>
        ))}
        <Button
          size="sm"
          className="self-start"
          onClick={() =>
            setComparisons([...comparisons, { id: createId(), comparisonOperator: "Equal to", value: "" }])
          }
        >
          <Plus size={14} aria-hidden />
          {t("addRule")}
        </Button>
      </div>
      {channel ? <MessagingTestMessage channel={channel} /> : null}
    </Section>
  );
}
