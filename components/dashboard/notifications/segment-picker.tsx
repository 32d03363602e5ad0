"use client";

import { useTranslations } from "next-intl";
import { useState, type ChangeEvent } from "react";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { MAX_SEGMENT_DAYS, SEGMENTS, segmentTakesDays, type Segment } from "@/contract/customers";
import { useSegmentCount } from "@/lib/browser/queries/customers";
import { useRewardOptions } from "@/lib/browser/queries/loyalty";
import { PART_FIELD } from "@/lib/browser/use-contract-form";

/** "Reaches 42 card holders": the segment's count (segment-count) before the owner sends. */
function Reach({
  businessId,
  segment,
  days,
  level,
  later,
}: {
  businessId: string;
  segment: Segment;
  days: string;
  /** The level segment's level ("" for every other segment). */
  level: string;
  later: boolean;
}) {
  const needsDays = segmentTakesDays(segment);
  const daysOk = !needsDays || (/^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= MAX_SEGMENT_DAYS);
  const levelOk = segment !== "level" || level !== "";
  const count = useSegmentCount(businessId, segment, needsDays ? days : "", !!businessId && daysOk && levelOk, level);
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

/** The level names of a business's programmes, each once, in the programmes' order. */
function useLevelNames(businessId: string): string[] {
  const rewards = useRewardOptions(Number(businessId) || undefined);
  return [...new Set((rewards.data ?? []).flatMap((reward) => reward.levels.map((level) => level.name)))];
}

/** The level segment's choice: the business's level names and the one picked. */
export type LevelChoice = { names: string[]; level: string; pick: (name: string) => void };

/**
 * The level a send to the level segment goes to: the first of the business's levels until one is
 * picked, and again when the business (its levels) changes. A form that needs the level beside the
 * picker (the SMS estimate) holds it and gives it to the picker.
 */
export function useLevelChoice(businessId: string): LevelChoice {
  const names = useLevelNames(businessId);
  const [picked, pick] = useState<string | null>(null);
  const level = picked !== null && (picked === "" || names.includes(picked)) ? picked : (names[0] ?? "");
  return { names, level, pick };
}

/**
 * The level segment's level, chosen among the business's level names. The picker keeps it (the
 * forms around it hold segment and days), and it goes with the form while it is shown (PART_FIELD).
 */
function LevelSelect({ names, value, onChange }: { names: string[]; value: string; onChange: (name: string) => void }) {
  const t = useTranslations("levels.segment");
  return (
    <SelectField
      label={t("level")}
      name="level"
      placeholder={t("choose")}
      options={names.map((name) => ({ value: name, label: name }))}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      error={value === "" ? (names.length === 0 ? t("none") : t("choose")) : undefined}
      {...PART_FIELD}
    />
  );
}

/**
 * Who a send reaches: a segment of a business's card holders (blank is all of them), its number
 * of days where it takes one, the level where the business's programmes have levels, and how many
 * card holders it reaches now.
 */
export function SegmentPicker({
  businessId,
  segment,
  days,
  label,
  reachesLater = true,
  levelChoice,
}: {
  businessId: string;
  segment: FormField;
  days: FormField;
  /** The select's label ("Send to" by default). */
  label?: string;
  /** Whether "all" also reaches those who join later (a message does; a voucher sent once does not). */
  reachesLater?: boolean;
  /** The level choice, where the form holds it (else the picker keeps its own). */
  levelChoice?: LevelChoice;
}) {
  const t = useTranslations("dashboardMore.send");
  const segments = useTranslations("dashboardMore.segments");
  const chosen = (segment.value || "all") as Segment;
  const ownChoice = useLevelChoice(businessId);
  const { names: levelNames, level, pick: setPickedLevel } = levelChoice ?? ownChoice;
  // The level segment is offered where the business's programmes have levels (kept while chosen).
  const offered = SEGMENTS.filter((s) => s !== "all" && (s !== "level" || levelNames.length > 0 || chosen === s));
  return (
    <>
      <SelectField
        label={label ?? t("sendTo")}
        // The empty first choice is "all" (the contract reads a blank segment as all).
        placeholder={segments("all")}
        options={offered.map((s) => ({ value: s, label: segments(s) }))}
        {...segment}
      />
      {chosen === "level" && <LevelSelect names={levelNames} value={level} onChange={setPickedLevel} />}
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
      <Reach
        businessId={businessId}
        segment={chosen}
        days={days.value}
        level={chosen === "level" ? level : ""}
        later={reachesLater}
      />
    </>
  );
}
