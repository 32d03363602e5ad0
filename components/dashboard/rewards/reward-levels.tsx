"use client";

import { useTranslations } from "next-intl";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { kindOf } from "@/contract/kinds";
import { LEVEL_BASES, LEVEL_PERIODS, MAX_LEVELS, type LevelBasis, type LevelPeriod } from "@/contract/kinds/levels";
import type { AddRewardBody, Reward, RewardKind } from "@/contract/rewards";

/** A level row of the reward form (its key keeps React's rows apart); `boost` is the multiplier or bonus stamps. */
export type LevelRow = { key: number; name: string; from: string; boost: string };
export type LevelsState = { rows: LevelRow[]; basis: LevelBasis | ""; period: LevelPeriod };

let nextKey = 1;
const levelRow = (name = "", from = "", boost = ""): LevelRow => ({ key: nextKey++, name, from, boost });

/** The form's levels from a saved reward (none for a new one). */
export function initialLevels(reward?: Reward): LevelsState {
  return {
    rows: (reward?.levels ?? []).map((l) =>
      levelRow(l.name, String(l.from ?? l.from_amount ?? ""), String(l.multiplier ?? l.bonus_stamps ?? "")),
    ),
    basis: reward && reward.levels.length > 0 ? reward.level_basis : "",
    period: reward?.level_period ?? "lifetime",
  };
}

/** add-reward's level fields for `kind` (none where the kind has no levels). */
export function levelsBody(kind: RewardKind, state: LevelsState): Partial<AddRewardBody> {
  const field = kindOf(kind).levelField;
  if (!field) return { levels: [] };
  const basis = state.basis || kindOf(kind).levelBasis;
  return {
    levels: state.rows.map((r) => ({
      name: r.name.trim(),
      [basis === "spend" ? "from_amount" : "from"]: r.from.trim(),
      [field]: r.boost.trim(),
    })),
    level_basis: basis,
    level_period: state.period,
  };
}

/** The Levels part of the reward form: rows of name, threshold and what the level adds; basis and period. */
export function RewardLevels({
  kind,
  state,
  onChange,
  errors,
}: {
  kind: RewardKind;
  state: LevelsState;
  onChange: (state: LevelsState) => void;
  errors: Record<string, string | undefined>;
}) {
  const t = useTranslations("levels.form");
  const field = kindOf(kind).levelField;
  if (!field) return null;
  const basis = state.basis || kindOf(kind).levelBasis;
  const fromKey = basis === "spend" ? "from_amount" : "from";
  const set = (key: number, part: Partial<LevelRow>) =>
    onChange({ ...state, rows: state.rows.map((r) => (r.key === key ? { ...r, ...part } : r)) });
  return (
    <fieldset className="tiers">
      <legend>{t("legend")}</legend>
      <p className="field-hint">{t(field === "multiplier" ? "hintPoints" : "hintStamps")}</p>
      {errors.levels && (
        <p className="field-error" role="alert">
          {errors.levels}
        </p>
      )}
      <div className="form-row">
        <SelectField
          label={t("basis")}
          name="level_basis"
          placeholder={t("choose")}
          value={basis}
          error={errors.level_basis}
          options={LEVEL_BASES.map((b) => ({ value: b, label: t(`bases.${b}`) }))}
          onChange={(e) => onChange({ ...state, basis: e.target.value as LevelBasis })}
        />
        <SelectField
          label={t("period")}
          name="level_period"
          placeholder={t("choose")}
          value={state.period}
          error={errors.level_period}
          options={LEVEL_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
          onChange={(e) => onChange({ ...state, period: e.target.value as LevelPeriod })}
        />
      </div>
      {state.rows.map((row, index) => (
        <div className="form-row tier-row" key={row.key}>
          <TextField
            label={t("name", { n: index + 1 })}
            name={`levels.${index}.name`}
            value={row.name}
            error={errors[`levels.${index}.name`]}
            onChange={(e) => set(row.key, { name: e.target.value })}
          />
          <TextField
            label={t(`from.${basis}`, { n: index + 1 })}
            name={`levels.${index}.${fromKey}`}
            inputMode={basis === "spend" ? "decimal" : "numeric"}
            value={row.from}
            error={errors[`levels.${index}.${fromKey}`]}
            onChange={(e) => set(row.key, { from: e.target.value })}
          />
          <TextField
            label={t(field, { n: index + 1 })}
            name={`levels.${index}.${field}`}
            inputMode={field === "multiplier" ? "decimal" : "numeric"}
            value={row.boost}
            error={errors[`levels.${index}.${field}`]}
            onChange={(e) => set(row.key, { boost: e.target.value })}
          />
          <button
            type="button"
            className="btn btn-secondary btn-small tier-remove"
            onClick={() => onChange({ ...state, rows: state.rows.filter((r) => r.key !== row.key) })}
          >
            {t("remove")}
            <span className="visually-hidden"> {t("removeLevel", { n: index + 1 })}</span>
          </button>
        </div>
      ))}
      {state.rows.length < MAX_LEVELS && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => onChange({ ...state, rows: [...state.rows, levelRow()] })}
        >
          {t("add")}
        </button>
      )}
    </fieldset>
  );
}
