"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import toast from "react-hot-toast";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/browser/api-client";
import { cardDesignUpdateBody, MAX_CARD_TITLE, type CardDesign } from "@/contract/card-design";
import { AA_RATIO, contrastRatio } from "@/contract/contrast";
import { messages } from "@/contract/envelope";
import { imageFile } from "@/contract/files";
import { LOCALE_NAMES, LOCALES } from "@/contract/locales";
import { useSaveCardDesign } from "@/lib/browser/queries/card-design";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { CardPreview, safeColour } from "./card-preview";
import { ColourField } from "./colour-field";
import { Button } from "@/components/ui/button";

const stripRule = imageFile("strip image");

/** The design form and its live preview: the preview follows every keystroke, before saving. */
export function CardDesignForm({ design }: { design: CardDesign }) {
  const t = useTranslations("cardDesign");
  const save = useSaveCardDesign(design.business_id);
  const stripId = useId();
  const [strip, setStrip] = useState<File | null>(null);
  const [removeStrip, setRemoveStrip] = useState(false);
  const form = useContractForm(
    cardDesignUpdateBody,
    {
      business_id: String(design.business_id),
      title: design.title,
      background_color: design.background_color,
      foreground_color: design.foreground_color,
      label_color: design.label_color,
      locale: design.locale ?? "",
    },
    async (values) => {
      const checked = stripRule.safeParse(strip ?? undefined);
      if (!checked.success) {
        throw new ApiError(422, messages.invalidInput, {
          strip: [checked.error.issues[0]?.message ?? t("stripInvalid")],
        });
      }
      const body = new FormData();
      body.append("business_id", String(design.business_id));
      body.append("title", values.title);
      body.append("background_color", values.background_color);
      body.append("foreground_color", values.foreground_color);
      body.append("label_color", values.label_color);
      body.append("locale", values.locale ?? "");
      if (strip) body.append("strip", strip);
      else if (removeStrip) body.append("remove_strip", "1");
      const result = await save.mutateAsync(body);
      setStrip(null);
      setRemoveStrip(false);
      toast.success(result.message);
    },
  );

  // The chosen file's preview is an object URL, released when replaced or unmounted.
  const chosen = useMemo(() => (strip ? URL.createObjectURL(strip) : null), [strip]);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  const stripUrl = chosen ?? (removeStrip ? null : design.strip_url);

  const v = form.values;
  const background = safeColour(v.background_color ?? "", design.background_color);
  const foreground = safeColour(v.foreground_color ?? "", design.foreground_color);
  const label = safeColour(v.label_color ?? "", design.label_color);
  const look = { title: v.title || design.title, background, foreground, label, logoUrl: design.logo_url, stripUrl };
  const low = [
    { name: t("foreground"), ratio: contrastRatio(foreground, background) },
    { name: t("label"), ratio: contrastRatio(label, background) },
  ].filter((pair) => pair.ratio < AA_RATIO);

  const colour = (name: "background_color" | "foreground_color" | "label_color", key: string) => {
    const field = form.field(name);
    return <ColourField label={t(key)} pickerLabel={t("picker", { colour: t(key) })} {...field} />;
  };

  return (
    <div className="cd-layout">
      <section className="card form-card" aria-labelledby={`${stripId}-heading`}>
        <h2 id={`${stripId}-heading`}>{t("formHeading")}</h2>
        <form className="form" {...form.formProps}>
          <TextField label={t("title")} maxLength={MAX_CARD_TITLE} required {...form.field("title")} />
          {colour("background_color", "background")}
          {colour("foreground_color", "foreground")}
          {colour("label_color", "label")}
          <div role="status" aria-live="polite">
            {low.map((pair) => (
              <p key={pair.name} className="field-error" data-testid="contrast-warning">
                {t("lowContrast", { colour: pair.name, ratio: pair.ratio.toFixed(2), minimum: AA_RATIO })}
              </p>
            ))}
          </div>
          <SelectField
            label={t("locale")}
            placeholder={t("customerBrowser")}
            options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
            hint={t("localeHint")}
            {...form.field("locale")}
          />
          <Field
            className="cd-strip-picker"
            id={stripId}
            label={t("strip")}
            hint={t("stripHint")}
            error={form.errors.strip}
            control={(wiring) => (
              <>
                {stripUrl && (
                  // eslint-disable-next-line @next/next/no-img-element -- a local object URL or our own /api/files URL
                  <img src={stripUrl} alt={t("stripPreviewAlt")} />
                )}
                <input
                  {...wiring}
                  name="strip"
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  onChange={(event) => {
                    setStrip(event.target.files?.[0] ?? null);
                    setRemoveStrip(false);
                  }}
                />
              </>
            )}
          >
            {stripUrl && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setStrip(null);
                  setRemoveStrip(true);
                }}
              >
                {t("removeStrip")}
              </button>
            )}
          </Field>
          <div className="field">
            <span>{t("logo")}</span>
            <p className="field-hint">
              {t("logoHint")} <Link href="/dashboard/business">{t("editBusiness")}</Link>
            </p>
          </div>
          <div className="form-actions">
            <Button type="submit" disabled={form.busy}>
              {form.busy ? t("saving") : t("save")}
            </Button>
          </div>
        </form>
      </section>
      <CardPreview look={look} />
    </div>
  );
}
