"use client";

import { canAccess } from "@parley/schemas/management/access";
import { type AuditAction, auditActions } from "@parley/schemas/management/auditLog";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { PageHeader } from "@/components/ui/PageHeader";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { Table, Td, Th } from "@/components/ui/Table";
import { useTRPC } from "@/lib/trpc";
import { CurrentWorkspaceDetails } from "../workspace/CurrentWorkspaceDetails";
import { describeAuditDetails } from "./describeAuditDetails";

const PAGE_SIZE = 50;

/** Workspace settings > Audit log: who did what, when, from where (ADMINs only), filtered and paged. */
export function AuditLogView() {
  const t = useTranslations("AuditLog");
  return (
    <CurrentWorkspaceDetails>
      {({ workspace, currentUserRole }) => (
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
          <PageHeader
            title={t("title")}
            description={workspace.name}
            before={
              <Link
                href="/workspace/settings"
                className="w-fit text-[13px] font-medium text-muted underline hover:text-ink"
              >
                ← {t("back")}
              </Link>
            }
          />
          {canAccess(currentUserRole, "admin") ? (
            <AuditLogSection key={workspace.id} workspaceId={workspace.id} />
          ) : (
            <p className="text-muted">{t("adminsOnly")}</p>
          )}
        </div>
      )}
    </CurrentWorkspaceDetails>
  );
}

function AuditLogSection({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("AuditLog");
  const locale = useLocale();
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" });
  const trpc = useTRPC();
  const [action, setAction] = useState<AuditAction | "">("");
  const [actor, setActor] = useState("");
  // The cursors of the pages before the shown one: "Newer" goes back one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const members = useQuery(trpc.members.listMembers.queryOptions({ workspaceId }));
  const entries = useQuery(
    trpc.auditLog.listAuditLog.queryOptions({
      workspaceId,
      limit: PAGE_SIZE,
      ...(action ? { action } : {}),
      ...(actor ? { actor } : {}),
      ...(cursor ? { cursor } : {}),
    }),
  );
  const resetPaging = () => setCursors([undefined]);
  const nextCursor = entries.data?.nextCursor;
  return (
    <Section id="audit-log" title={t("entries")} description={t("description")}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select
          aria-label={t("action")}
          value={action}
          onChange={(event) => {
            const chosen = auditActions.find((value) => value === event.target.value);
            setAction(chosen ?? "");
            resetPaging();
          }}
          className="sm:w-56"
        >
          <option value="">{t("allActions")}</option>
          {auditActions.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t("member")}
          value={actor}
          onChange={(event) => {
            setActor(event.target.value);
            resetPaging();
          }}
          className="sm:w-64"
        >
          <option value="">{t("allMembers")}</option>
          {(members.data?.members ?? []).map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.email}
            </option>
          ))}
        </Select>
      </div>
      {entries.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("loading")} />
        </div>
      ) : entries.isError ? (
        <ErrorState error={entries.error} onRetry={() => entries.refetch()} />
      ) : entries.data.entries.length === 0 ? (
        <EmptyState title={t("emptyTitle")}>{t("empty")}</EmptyState>
      ) : (
        <Table aria-label={t("tableLabel")} className="table-fixed">
          <thead>
            <tr>
              <Th className="w-[28%]">{t("when")}</Th>
              <Th className="w-[24%]">{t("action")}</Th>
              <Th>{t("by")}</Th>
            </tr>
          </thead>
          <tbody>
            {entries.data.entries.map((entry) => (
              <tr key={entry.id}>
                <Td className="align-top text-[13px]">{timeFormat.format(new Date(entry.createdAt))}</Td>
                <Td className="align-top break-words">
                  <code className="text-[13px]">{entry.action}</code>
                  <span className="block text-[12px] break-all text-muted">
                    {entry.target.type} {entry.target.id}
                  </span>
                  {describeAuditDetails(entry.details, t) ? (
                    <span className="block text-[12px] text-muted">
                      {describeAuditDetails(entry.details, t)}
                    </span>
                  ) : null}
                </Td>
                <Td className="align-top break-words">
                  <span className="block break-all">{entry.actor.email}</span>
                  <span className="block text-[12px] break-all text-muted">
                    {entry.ip} · {entry.userAgent}
                  </span>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <div className="flex justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={cursors.length <= 1}
          onClick={() => setCursors((stack) => stack.slice(0, -1))}
        >
          {t("newer")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!nextCursor}
          onClick={() => nextCursor && setCursors((stack) => [...stack, nextCursor])}
        >
          {t("older")}
        </Button>
      </div>
    </Section>
  );
}
