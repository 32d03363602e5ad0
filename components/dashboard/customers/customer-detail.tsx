"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { showModal, trapTab } from "@/components/ui/modal";
import { PanelHeader } from "@/components/ui/panel-header";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { calls } from "@/contract/browser-calls";
import { callUrl } from "@/lib/browser/api-client";
import { SEGMENTS, type CustomerDetail, type Segment } from "@/contract/customers";
import { useCustomer, useDeleteCustomer } from "@/lib/browser/queries/customers";
import { useProfile } from "@/lib/browser/queries/user";
import { labelColumns } from "@/components/ui/stack-table";
import { webKind } from "@/components/kinds";
import { Flags } from "./flags";
import { Programme } from "./programme";
import { ReferralBonuses } from "./referral-bonuses";
import { ConsentEvidence } from "./consent-evidence";
import { useActorText } from "../actor-text";

function Body({ customer, onDeleted }: { customer: CustomerDetail; onDeleted: () => void }) {
  const owner = useProfile().data?.role === "owner";
  const remove = useDeleteCustomer();
  const c = customer;
  const t = useTranslations("dashboardMore.customer");
  const segments = useTranslations("dashboardMore.segments");
  const actorText = useActorText();
  const kinds = useTranslations("kinds");
  const kt = useTranslations(webKind(c.kind).ns);
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), "dayTime");
  return (
    <>
      <dl className="customer-facts">
        <div>
          <dt>{t("email")}</dt>
          <dd>{c.email}</dd>
        </div>
        <div>
          <dt>{t("phone")}</dt>
          <dd>{c.phone ?? "—"}</dd>
        </div>
        <div>
          <dt>{t("birthday")}</dt>
          <dd>{c.birthday ?? "—"}</dd>
        </div>
        <div>
          <dt>{t("business")}</dt>
          <dd>{c.business_name}</dd>
        </div>
        <div>
          <dt>{t("card")}</dt>
          <dd>
            <code className="mono">{c.serial}</code>
          </dd>
        </div>
        <div>
          <dt>{kinds("programmeOf")}</dt>
          <dd>
            <Programme kind={c.kind} title={c.reward_title} />
            <span className="small muted block">{kinds("oneCard")}</span>
          </dd>
        </div>
        <div>
          {/* The balance in its own terms, as the API says it in the page's language. */}
          <dt>{kt("balanceHead")}</dt>
          <dd>
            <span data-api-text>{c.balance_text}</span>
          </dd>
        </div>
        <div>
          <dt>{t("redeemed")}</dt>
          <dd>{c.rewards_redeemed}</dd>
        </div>
        <div>
          <dt>{kt("lifetime")}</dt>
          <dd>{c.lifetime_stamps}</dd>
        </div>
        <div>
          <dt>{t("firstVisit")}</dt>
          <dd>
            <time dateTime={c.first_visit_at}>{when(c.first_visit_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{t("lastVisit")}</dt>
          <dd>
            <time dateTime={c.last_visit_at}>{when(c.last_visit_at)}</time>
          </dd>
        </div>
      </dl>
      <Flags flags={c.flags} kind={c.kind} />

      <h3>{t("history")}</h3>
      {c.history.length === 0 ? (
        <p className="muted">{t("noVisits")}</p>
      ) : (
        <div className="table-scroll customer-history">
          <table className="scan-table stack-table" ref={labelColumns}>
            <caption className="visually-hidden">{t("historyCaption", { name: c.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("col.time")}</th>
                <th scope="col">{t("col.kind")}</th>
                <th scope="col">{t("col.by")}</th>
                <th scope="col">{t("col.balance")}</th>
              </tr>
            </thead>
            <tbody>
              {c.history.map((h, i) => (
                <tr key={`${h.created_at}-${i}`}>
                  <td>
                    <time dateTime={h.created_at}>{when(h.created_at)}</time>
                  </td>
                  <td>
                    <span className={`badge scan-${h.kind}`}>{kt(`scanKind.${h.kind}`)}</span>
                  </td>
                  <td>{actorText(h.actor, h.location)}</td>
                  <td>
                    <span data-api-text>{h.balance_after_text}</span>
                    {h.amount && <span className="small muted block">{t("onAmount", { amount: h.amount })}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ReferralBonuses customer={c} owner={owner} />

      <ConsentEvidence consent={c.consent} />

      <h3>{t("messages")}</h3>
      {c.messages.length === 0 ? (
        <p className="muted">{t("noMessages")}</p>
      ) : (
        <ul className="customer-messages">
          {c.messages.map((m) => (
            <li key={m.id}>
              <strong>{m.title}</strong>{" "}
              <time className="small muted" dateTime={m.created_at}>
                {when(m.created_at)}
              </time>
              {m.segment !== "all" && (
                <span className="small muted">
                  {" "}
                  ·{" "}
                  {t("to", {
                    segment: SEGMENTS.includes(m.segment as Segment) ? segments(m.segment as Segment) : m.segment,
                  })}
                </span>
              )}
              <p>{m.message}</p>
            </li>
          ))}
        </ul>
      )}

      {owner && (
        <div className="customer-actions">
          <a
            className="btn btn-secondary btn-small"
            href={callUrl(calls.customerExport, { query: { serial: c.serial } })}
            download
          >
            {t("export")}
          </a>
          <ConfirmButton
            action={t("delete")}
            subject={c.name}
            title={t("deleteTitle", { name: c.name })}
            confirmLabel={t("deleteConfirm")}
            onConfirm={async () => {
              const result = await remove.mutateAsync(c.serial);
              onDeleted();
              return result;
            }}
          >
            {t("deleteWarning")}
          </ConfirmButton>
        </div>
      )}
    </>
  );
}

/** One customer in a dialog: the card, its history and messages; export and delete for owners. */
export function CustomerDetailDialog({ serial, onClose }: { serial: string | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const customer = useCustomer(serial);
  const t = useTranslations("dashboardMore.customer");
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (serial && !element.open) showModal(element);
    if (!serial && element.open) element.close();
  }, [serial]);
  return (
    <dialog
      ref={dialog}
      className="dialog customer-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={trapTab}
    >
      <PanelHeader id={titleId} title={customer.data?.name ?? t("title")} onClose={() => dialog.current?.close()} />
      {serial &&
        (customer.isPending ? (
          <Skeleton label={t("loading")} rows={3} />
        ) : customer.isError ? (
          <ErrorState what={t("what")} error={customer.error} onRetry={() => customer.refetch()} />
        ) : (
          <Body customer={customer.data} onDeleted={() => dialog.current?.close()} />
        ))}
    </dialog>
  );
}
