"use client";

import type { Stripe, StripeCardElement, StripeElementLocale } from "@stripe/stripe-js";
// The pure entry loads Stripe's script only when loadStripe() runs (the main entry injects it on import).
import { loadStripe } from "@stripe/stripe-js/pure";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import type { CardTokenizer } from "./card-form";

/** Stripe Elements' card field: the card becomes a PaymentMethod id in Stripe's iframe. */
export function StripeCardForm({
  ref,
  publishableKey,
  disabled,
}: {
  ref: Ref<CardTokenizer>;
  publishableKey: string;
  disabled: boolean;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const t = useTranslations("dashboardMore.card");
  // Stripe's own messages (a declined card, an invalid number) follow the page's language too.
  // (Every locale of LOCALES is one of Stripe's.)
  const locale = useLocale();

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (cancelled || !loaded || !mount.current) return;
        stripe.current = loaded;
        const element = loaded
          .elements({ locale: locale as StripeElementLocale })
          .create("card", { hidePostalCode: true });
        element.mount(mount.current);
        element.on("change", (event) => setError(event.error?.message ?? null));
        element.on("ready", () => setReady(true));
        card.current = element;
      },
      () => setError(t("loadFailed")),
    );
    return () => {
      cancelled = true;
      card.current?.destroy();
    };
  }, [publishableKey, locale, t]);

  useEffect(() => card.current?.update({ disabled }), [disabled]);

  useImperativeHandle(ref, () => ({
    async tokenize(billing) {
      if (!stripe.current || !card.current) return { error: t("loading") };
      const result = await stripe.current.createPaymentMethod({
        type: "card",
        card: card.current,
        billing_details: billing,
      });
      if (result.error) return { error: result.error.message ?? t("unusable") };
      return { token: result.paymentMethod.id };
    },
    async completeAction(clientSecret) {
      if (!stripe.current) return t("loading");
      const result = await stripe.current.handleNextAction({ clientSecret });
      return result.error ? (result.error.message ?? t("notConfirmed")) : null;
    },
  }));

  return (
    <fieldset className="card-fields">
      <legend>{t("details")}</legend>
      <div ref={mount} className="stripe-card" aria-busy={!ready} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
