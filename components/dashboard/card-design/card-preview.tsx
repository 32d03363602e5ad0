"use client";

import { useTranslations } from "next-intl";

/** What the previews show: the form's values as typed, before saving. */
export type PreviewLook = {
  title: string;
  background: string;
  foreground: string;
  label: string;
  logoUrl: string | null;
  stripUrl: string | null;
};

const HEX = /^#[0-9a-f]{6}$/i;
/** A half-typed hex field keeps the last whole colour out of the preview's CSS. */
export const safeColour = (value: string, fallback: string) => (HEX.test(value.trim()) ? value.trim() : fallback);

function Logo({ url }: { url: string | null }) {
  return url ? (
    // eslint-disable-next-line @next/next/no-img-element -- our own /api/files URL
    <img src={url} alt="" className="cd-logo" />
  ) : (
    <span className="cd-logo cd-logo-empty" aria-hidden="true" />
  );
}

/** The web card page's look (components/wallet/stamp-card.tsx) in the chosen colours. */
function WebCard({ look }: { look: PreviewLook }) {
  const t = useTranslations("cardDesign");
  return (
    <figure className="cd-preview" data-testid="preview-web">
      <figcaption>{t("preview.web")}</figcaption>
      <div className="cd-card" style={{ background: look.background, color: look.foreground }}>
        <div className="cd-card-head">
          <Logo url={look.logoUrl} />
          <strong>{look.title}</strong>
        </div>
        <div className="cd-stamps" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <span
              key={i}
              className="cd-stamp"
              style={{ borderColor: look.foreground, background: i < 3 ? look.foreground : "transparent" }}
            />
          ))}
        </div>
        <p style={{ color: look.label }}>{t("preview.stampsToGo", { count: 5 })}</p>
      </div>
    </figure>
  );
}

/** Apple's storeCard: logo and title on top, the strip, then fields whose labels take the label colour. */
function ApplePass({ look }: { look: PreviewLook }) {
  const t = useTranslations("cardDesign");
  return (
    <figure className="cd-preview" data-testid="preview-apple">
      <figcaption>{t("preview.apple")}</figcaption>
      <div className="cd-pass" style={{ background: look.background, color: look.foreground }}>
        <div className="cd-card-head">
          <Logo url={look.logoUrl} />
          <strong>{look.title}</strong>
        </div>
        {look.stripUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local object URL or our own /api/files URL
          <img src={look.stripUrl} alt="" className="cd-strip" />
        ) : (
          <div className="cd-strip cd-strip-empty" aria-hidden="true" />
        )}
        <dl className="cd-fields">
          <div>
            <dt style={{ color: look.label }}>{t("preview.stampsLabel")}</dt>
            <dd>3 / 8</dd>
          </div>
          <div>
            <dt style={{ color: look.label }}>{t("preview.rewardLabel")}</dt>
            <dd>{t("preview.rewardValue")}</dd>
          </div>
        </dl>
      </div>
    </figure>
  );
}

/** Google's loyalty class: background colour, title, the hero image under the card. */
function GooglePass({ look }: { look: PreviewLook }) {
  const t = useTranslations("cardDesign");
  return (
    <figure className="cd-preview" data-testid="preview-google">
      <figcaption>{t("preview.google")}</figcaption>
      <div className="cd-pass cd-google" style={{ background: look.background, color: look.foreground }}>
        <div className="cd-card-head">
          <Logo url={look.logoUrl} />
          <strong>{look.title}</strong>
        </div>
        <p>{t("preview.stampsLabel")}: 3 / 8</p>
        {look.stripUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local object URL or our own /api/files URL
          <img src={look.stripUrl} alt="" className="cd-hero" />
        ) : null}
      </div>
    </figure>
  );
}

/** The three previews, side by side (stacked on narrow screens, see card-design.css). */
export function CardPreview({ look }: { look: PreviewLook }) {
  const t = useTranslations("cardDesign");
  return (
    <section className="cd-previews" aria-label={t("preview.heading")}>
      <WebCard look={look} />
      <ApplePass look={look} />
      <GooglePass look={look} />
    </section>
  );
}
