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

const names = new Intl.DisplayNames(["en"], { type: "currency" });

/** The business's currency (issue 23): a code typed or picked from a list; blank follows the country. */
export function CurrencyField(props: {
  name: string;
  value: string;
  error?: string;
  onChange: React.ChangeEventHandler<HTMLInputElement>;
}) {
  return (
    <>
      <TextField
        label="Currency"
        list="currency-codes"
        maxLength={3}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="From the country"
        hint="A code such as EUR or USD (ISO 4217). Leave empty to use your country's currency. Points and cashback programmes count in it."
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
