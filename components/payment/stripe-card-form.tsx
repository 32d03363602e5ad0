"use client";

import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
// The pure entry loads Stripe's script only when loadStripe() runs (the main entry injects it on import).
import { loadStripe } from "@stripe/stripe-js/pure";
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

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (cancelled || !loaded || !mount.current) return;
        stripe.current = loaded;
        const element = loaded.elements().create("card", { hidePostalCode: true });
        element.mount(mount.current);
        element.on("change", (event) => setError(event.error?.message ?? null));
        element.on("ready", () => setReady(true));
        card.current = element;
      },
      () => setError("The card form could not be loaded. Please check your connection."),
    );
    return () => {
      cancelled = true;
      card.current?.destroy();
    };
  }, [publishableKey]);

  useEffect(() => card.current?.update({ disabled }), [disabled]);

  useImperativeHandle(ref, () => ({
    async tokenize(billing) {
      if (!stripe.current || !card.current) return { error: "The card form is still loading." };
      const result = await stripe.current.createPaymentMethod({
        type: "card",
        card: card.current,
        billing_details: billing,
      });
      if (result.error) return { error: result.error.message ?? "Your card could not be used." };
      return { token: result.paymentMethod.id };
    },
    async completeAction(clientSecret) {
      if (!stripe.current) return "The card form is still loading.";
      const result = await stripe.current.handleNextAction({ clientSecret });
      return result.error ? (result.error.message ?? "The card was not confirmed.") : null;
    },
  }));

  return (
    <fieldset className="card-fields">
      <legend>Card details</legend>
      <div ref={mount} className="stripe-card" aria-busy={!ready} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
