"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/text-field";
import type { CardSummary } from "@/contract/cards";
import { MAX_TOPUP } from "@/contract/limits";
import { useTopUpCard } from "@/lib/browser/queries/loyalty";
import { failureText } from "./failure-text";
import { Button } from "@/components/ui/button";

/**
 * Visits sold for a pass at the counter (paid outside the product): the number of visits, sent
 * once per sale with its own Idempotency-Key; the answer says the visits left.
 */
export function SellVisits({ serial, onSold }: { serial: string; onSold?: (card: CardSummary) => void }) {
  const t = useTranslations("multipass.sell");
  const topUp = useTopUpCard();
  const id = useId();
  const [visits, setVisits] = useState("10");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    try {
      const res = await topUp.mutateAsync({ serial, visits, key: crypto.randomUUID() });
      setDone(res.message);
      onSold?.(res.data);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <section className="redeem-area" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("title")}</h3>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          name="visits"
          label={t("visits")}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TOPUP}
          hint={t("visitsHint")}
          required
          value={visits}
          error={error ?? undefined}
          onChange={(event) => setVisits(event.target.value)}
        />
        <Button type="submit" disabled={topUp.isPending}>
          {t("submit")}
        </Button>
      </form>
      {done && (
        <p role="status" data-testid="sold">
          {done}
        </p>
      )}
    </section>
  );
}
