"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { z } from "zod";
import { FormActions } from "@/components/ui/form-actions";
import { DEFAULT_SEGMENT_DAYS, SEGMENTS, segmentTakesDays, type Segment } from "@/contract/customers";
import { offerSendBody, type Offer } from "@/contract/offers";
import { useSendOffer } from "@/lib/browser/queries/offers";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { SegmentPicker } from "../notifications/segment-picker";
import { planRefusal } from "./plan-gate";

const isSegment = (value: unknown): value is Segment => (SEGMENTS as readonly unknown[]).includes(value);

/** The form keeps its days while another segment is chosen: they go only with a segment that takes them. */
const formBody = z.preprocess((value) => {
  if (!value || typeof value !== "object" || !("segment" in value)) return value;
  const { segment } = value;
  const takesDays = isSegment(segment) && segmentTakesDays(segment);
  return takesDays ? value : { ...value, days: undefined };
}, offerSendBody);

/** offer-send: a campaign offer's voucher to a segment of its business's card holders, once per card. */
export function OfferSend({
  offer,
  onClose,
  onPlanGate,
}: {
  offer: Offer;
  onClose: () => void;
  onPlanGate: (message: string) => void;
}) {
  const send = useSendOffer();
  const t = useTranslations("offers.send");
  const id = useId();
  const [sent, setSent] = useState<number | null>(null);
  const form = useContractForm(
    formBody,
    { offer_id: String(offer.id), segment: "", days: String(DEFAULT_SEGMENT_DAYS) },
    async (values) => {
      try {
        const result = await send.mutateAsync(values);
        toast.success(result.message);
        setSent(result.data.queued);
      } catch (error) {
        const refused = planRefusal(error);
        if (!refused) throw error;
        onPlanGate(refused);
      }
    },
  );
  return (
    <form className="form offer-send" {...form.formProps} aria-labelledby={id}>
      <h4 id={id}>{t("heading", { title: offer.title })}</h4>
      <SegmentPicker
        businessId={String(offer.business_id)}
        segment={form.field("segment")}
        days={form.field("days")}
        reachesLater={false}
      />
      {sent !== null && (
        <p role="status" data-testid="offer-sent">
          {t("queued", { count: sent })}
        </p>
      )}
      <FormActions submit={t("submit")} busy={form.busy} onCancel={onClose} />
    </form>
  );
}
