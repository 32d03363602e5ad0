"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { reachSettingsSaveBody, WEEKLY_CAP_MAX, type ReachSettings } from "@/contract/reach-settings";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { useReachSettings, useSaveReachSettings } from "@/lib/browser/queries/reach-settings";
import { fieldWiring } from "@/lib/field-wiring";
import { useContractForm } from "@/lib/browser/use-contract-form";

const MAILS = ["mail_reward_ready", "mail_expiry", "mail_vouchers"] as const;
type Mail = (typeof MAILS)[number];

const onOff = (on: boolean) => (on ? "true" : "false");

/** One mail's switch: a checkbox whose value the form keeps as "true" / "false". */
function MailSwitch({
  name,
  label,
  hint,
  field,
  onToggle,
}: {
  name: Mail;
  label: string;
  hint: string;
  field: { value: string; error?: string };
  onToggle: (on: boolean) => void;
}) {
  const id = useId();
  const { hintId, errorId, control } = fieldWiring(id, { hint: true, error: Boolean(field.error) });
  return (
    <div className="field reach-switch">
      <div className="checkbox-row">
        <input
          {...control}
          type="checkbox"
          name={name}
          value="true"
          checked={field.value === "true"}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <p id={hintId} className="field-hint">
        {hint}
      </p>
      {field.error && (
        <p id={errorId} className="field-error" role="alert">
          {field.error}
        </p>
      )}
    </div>
  );
}

/** The form for one business's settings, started from what the server holds. */
function ReachSettingsForm({ settings }: { settings: ReachSettings }) {
  const save = useSaveReachSettings();
  const t = useTranslations("reachSettings");
  const form = useContractForm(
    reachSettingsSaveBody,
    {
      business_id: String(settings.business_id),
      weekly_cap: String(settings.weekly_cap),
      mail_reward_ready: onOff(settings.mail_reward_ready),
      mail_expiry: onOff(settings.mail_expiry),
      mail_vouchers: onOff(settings.mail_vouchers),
    },
    async (values) => {
      const result = await save.mutateAsync(values);
      toast.success(result.message);
    },
  );
  const caps = Array.from({ length: WEEKLY_CAP_MAX + 1 }, (_, n) => n).reverse();
  return (
    <form className="form" {...form.formProps}>
      <fieldset className="field reach-mails">
        <legend>{t("mails")}</legend>
        <p className="field-hint">{t("mailsHint")}</p>
        {MAILS.map((mail) => (
          <MailSwitch
            key={mail}
            name={mail}
            label={t(`${mail}.label`)}
            hint={t(`${mail}.hint`)}
            field={form.field(mail)}
            onToggle={(on) => form.setValues((values) => ({ ...values, [mail]: onOff(on) }))}
          />
        ))}
      </fieldset>
      <SelectField
        label={t("weeklyCap")}
        placeholder={t("chooseCap")}
        hint={t("weeklyCapHint", { max: WEEKLY_CAP_MAX })}
        options={caps.map((n) => ({ value: String(n), label: t("perWeek", { count: n }) }))}
        {...form.field("weekly_cap")}
      />
      <FormActions submit={t("save")} busy={form.busy} />
    </form>
  );
}

/**
 * The owner's message settings per business: which service mails go to customers who agreed to
 * email, and at most how many marketing messages a customer gets a week.
 */
export function ReachSettingsPanel() {
  const businesses = useBusinessOptions();
  const [chosen, setChosen] = useState("");
  // Until the owner picks one, the first business.
  const businessId = chosen || (businesses.data?.[0] ? String(businesses.data[0].id) : "");
  const settings = useReachSettings(businessId);
  const headingId = useId();
  const t = useTranslations("reachSettings");
  return (
    <section className="card reach-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <SelectField
        label={t("business")}
        name="reach_business"
        placeholder={businesses.isPending ? t("loadingBusinesses") : t("chooseBusiness")}
        options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
        value={businessId}
        onChange={(event) => setChosen(event.target.value)}
      />
      {businessId &&
        (settings.isPending ? (
          <Skeleton label={t("loading")} />
        ) : settings.isError ? (
          <ErrorState what={t("what")} error={settings.error} onRetry={() => settings.refetch()} />
        ) : (
          // Keyed by the business and what the server holds: the form starts again from each.
          <ReachSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
        ))}
    </section>
  );
}
