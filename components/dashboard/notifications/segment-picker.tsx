"use client";

import { useTranslations } from "next-intl";
import type { ChangeEvent } from "react";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { MAX_SEGMENT_DAYS, SEGMENTS, segmentTakesDays, type Segment } from "@/contract/customers";
import { useSegmentCount } from "@/lib/browser/queries/customers";

/** "Reaches 42 card holders": the segment's count (segment-count) before the owner sends. */
function Reach({
  businessId,
  segment,
  days,
  later,
}: {
  businessId: string;
  segment: Segment;
  days: string;
  later: boolean;
}) {
  const needsDays = segmentTakesDays(segment);
  const daysOk = !needsDays || (/^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= MAX_SEGMENT_DAYS);
  const count = useSegmentCount(businessId, segment, needsDays ? days : "", !!businessId && daysOk);
  const t = useTranslations("dashboardMore.send");
  let text = t("reachChoose");
  if (businessId && !daysOk) text = t("reachDays");
  else if (businessId && count.isError) text = t("reachError");
  else if (businessId && count.data) {
    text = t("reaches", { count: count.data.count, later: later && segment === "all" ? "yes" : "no" });
  } else if (businessId) text = t("counting");
  return (
    <p className="field-hint reach" aria-live="polite">
      {text}
    </p>
  );
}

/** A contract form's field, as `useContractForm().field(name)` gives it. */
type FormField = {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
};

/**
 * Who a send reaches: a segment of a business's card holders (blank is all of them), its number
 * of days where it takes one, and how many card holders it reaches now.
 */
export function SegmentPicker({
  businessId,
  segment,
  days,
  label,
  reachesLater = true,
}: {
  businessId: string;
  segment: FormField;
  days: FormField;
  /** The select's label ("Send to" by default). */
  label?: string;
  /** Whether "all" also reaches those who join later (a message does; a voucher sent once does not). */
  reachesLater?: boolean;
}) {
  const t = useTranslations("dashboardMore.send");
  const segments = useTranslations("dashboardMore.segments");
  const chosen = (segment.value || "all") as Segment;
  return (
    <>
      <SelectField
        label={label ?? t("sendTo")}
        // The empty first choice is "all" (the contract reads a blank segment as all).
        placeholder={segments("all")}
        options={SEGMENTS.filter((s) => s !== "all" && s !== "level").map((s) => ({ value: s, label: segments(s) }))}
        {...segment}
      />
      {segmentTakesDays(chosen) && (
        <TextField
          label={t("days")}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SEGMENT_DAYS}
          required
          {...days}
        />
      )}
      <Reach businessId={businessId} segment={chosen} days={days.value} later={reachesLater} />
    </>
  );
}
