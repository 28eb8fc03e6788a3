"use client";

import { currentBotId } from "@parley/schemas";
import { useTranslations } from "use-intl";
import { Field } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Switch } from "@/components/ui/Switch";
import { useBlockLabel } from "../catalogue/useBlockLabel";
import { useDocument } from "../store/EditorStoreContext";
import { type EditorBlock, getBlockField } from "../store/editorDocument";
import { GroupPicker } from "./form/GroupPicker";
import { useBlockUpdater } from "./useBlockUpdater";

/** Jump: a group of this bot, then optionally a block of that group. */
export function JumpFields({ block }: { block: EditorBlock }) {
  const t = useTranslations("TargetFields");
  const blockLabel = useBlockLabel();
  const { updateField } = useBlockUpdater(block.id);
  const groups = useDocument((doc) => doc.groups);
  const options = (getBlockField(block, "options") ?? {}) as { groupId?: string; blockId?: string };
  const target = groups.find((group) => group.id === options.groupId);
  return (
    <div className="flex flex-col gap-4">
      <Field label={t("group")}>
        {(id) => (
          <GroupPicker
            id={id}
            value={options.groupId}
            onChange={(groupId) => {
              updateField("options", ["blockId"], undefined);
              updateField("options", ["groupId"], groupId);
            }}
          />
        )}
      </Field>
      {target ? (
        <Field label={t("block")}>
          {(id) => (
            <Select
              id={id}
              value={options.blockId ?? ""}
              onChange={(event) => updateField("options", ["blockId"], event.target.value || undefined)}
            >
              <option value="">{t("firstBlock")}</option>
              {target.blocks.map((candidate, index) => (
                <option key={candidate.id} value={candidate.id}>
                  {index + 1}. {blockLabel(candidate.type)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
    </div>
  );
}

/**
 * Bot link: this bot (`current`) and one of its groups. Linking to another bot of the
 * workspace by id is kept when the block already holds one (imports).
 */
export function BotLinkFields({ block }: { block: EditorBlock }) {
  const t = useTranslations("TargetFields");
  const { updateField } = useBlockUpdater(block.id);
  const options = (getBlockField(block, "options") ?? {}) as {
    botId?: string;
    groupId?: string;
    mergeResults?: boolean;
  };
  const isCurrent = options.botId === currentBotId;
  return (
    <div className="flex flex-col gap-4">
      <Field label={t("bot")}>
        {(id) => (
          <Select
            id={id}
            value={options.botId ?? ""}
            onChange={(event) => {
              updateField("options", ["groupId"], undefined);
              updateField("options", ["botId"], event.target.value || undefined);
            }}
          >
            <option value="">{t("chooseBot")}</option>
            <option value={currentBotId}>{t("thisBot")}</option>
            {options.botId && !isCurrent ? (
              <option value={options.botId}>{t("botWithId", { id: options.botId })}</option>
            ) : null}
          </Select>
        )}
      </Field>
      {isCurrent ? (
        <Field label={t("group")}>
          {(id) => (
            <GroupPicker
              id={id}
              value={options.groupId}
              onChange={(groupId) => updateField("options", ["groupId"], groupId)}
              emptyLabel={t("theStart")}
            />
          )}
        </Field>
      ) : null}
      <Switch
        label={t("mergeResults")}
        hint={t("mergeResultsHint")}
        checked={options.mergeResults ?? false}
        onCheckedChange={(checked) => updateField("options", ["mergeResults"], checked)}
      />
    </div>
  );
}
