"use client";

import { useTranslations } from "next-intl";
import toast from "react-hot-toast";
import "../scans/scans.css";
import { errorMessage } from "@/lib/browser/api-client";
import { useSaveStaffSettings, useStaffSettings } from "@/lib/browser/queries/loyalty";

/** The owner's staff settings: whether staff may correct a card's stamps (card-adjust). */
export function StaffSettingsCard() {
  const settings = useStaffSettings();
  const save = useSaveStaffSettings();
  const t = useTranslations("dashboard.staffSettings");
  const toggle = async (checked: boolean) => {
    try {
      await save.mutateAsync({ staff_may_adjust: checked });
      toast.success(checked ? t("on") : t("off"));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <section className="card form-card" aria-labelledby="staff-settings-title">
      <h2 id="staff-settings-title">{t("title")}</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.data?.staff_may_adjust ?? false}
          disabled={!settings.data || save.isPending}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span>
          {t("mayAdjust")}
          <span className="field-hint block">{t("hint")}</span>
        </span>
      </label>
    </section>
  );
}
