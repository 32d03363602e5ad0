import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { TextField } from "@/components/ui/text-field";

/** The currencies offered first; any other ISO 4217 code may be typed. */
const COMMON = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "CAD",
  "AUD",
  "JPY",
  "INR",
  "BRL",
  "MXN",
  "ZAR",
  "AED",
  "SGD",
];

/** The business's currency: a code typed or picked from a list; blank follows the country. */
export function CurrencyField(props: {
  name: string;
  value: string;
  error?: string;
  onChange: React.ChangeEventHandler<HTMLInputElement>;
}) {
  const t = useTranslations("dashboardMore.currency");
  const locale = useLocale();
  // next-intl's formatter has no display names: the currency names come from Intl in the page's locale.
  const names = useMemo(() => new Intl.DisplayNames([locale], { type: "currency" }), [locale]);
  return (
    <>
      <TextField
        label={t("label")}
        list="currency-codes"
        maxLength={3}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t("placeholder")}
        hint={t("hint")}
        {...props}
      />
      <datalist id="currency-codes">
        {COMMON.map((code) => (
          <option key={code} value={code}>
            {names.of(code)}
          </option>
        ))}
      </datalist>
    </>
  );
}
