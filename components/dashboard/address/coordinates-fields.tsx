"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import type { useContractForm } from "@/lib/browser/use-contract-form";
import "./coordinates.css";

type Form = ReturnType<typeof useContractForm>;

/** Six decimals: about 10 cm, more than a phone's location is worth. */
const round = (value: number) => String(Math.round(value * 1e6) / 1e6);

/**
 * Latitude and longitude of an address, typed in or taken from the browser's location
 * while the owner stands in the shop. Wallet passes then surface on the lock screen nearby.
 */
export function CoordinatesFields({ form }: { form: Form }) {
  const [status, setStatus] = useState<string | null>(null);
  const t = useTranslations("dashboardMore.coordinates");
  const locate = () => {
    if (!("geolocation" in navigator)) {
      setStatus(t("unsupported"));
      return;
    }
    setStatus(t("finding"));
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        form.setValues((v) => ({ ...v, latitude: round(coords.latitude), longitude: round(coords.longitude) }));
        setStatus(t("filled", { metres: Math.round(coords.accuracy) }));
      },
      () => setStatus(t("failed")),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return (
    <fieldset className="coordinates">
      <legend>{t("legend")}</legend>
      <p className="field-hint">{t("hint")}</p>
      <div className="coordinates-row">
        <TextField
          label={t("latitude")}
          inputMode="decimal"
          autoComplete="off"
          placeholder="51.5226"
          {...form.field("latitude")}
        />
        <TextField
          label={t("longitude")}
          inputMode="decimal"
          autoComplete="off"
          placeholder="-0.0797"
          {...form.field("longitude")}
        />
      </div>
      <button type="button" className="btn btn-secondary btn-small" onClick={locate}>
        {t("useLocation")}
      </button>
      {status && (
        <p className="field-hint" role="status">
          {status}
        </p>
      )}
    </fieldset>
  );
}
