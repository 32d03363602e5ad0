/**
 * The contract's validation messages are its English copy (the API answers them too). A form in
 * another language shows the issue in that language instead: each zod issue is mapped, by its code
 * and parameters, to a `common.validation.*` message. English keeps the contract's own wording,
 * which is more specific ("The passwords do not match.") than any generic message.
 */
export type ValidationIssue = {
  message: string;
  code?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
};

export type ValidationKey =
  "required" | "tooShort" | "tooLong" | "tooSmall" | "tooBig" | "email" | "url" | "format" | "choice" | "invalid";

/** The `common.validation` message of an issue, with its ICU arguments. */
export function validationMessage(issue: ValidationIssue): { key: ValidationKey; values?: Record<string, number> } {
  const size = (value: number | bigint | undefined) => Number(value ?? 0);
  const text = issue.origin === "string";
  switch (issue.code) {
    // Form values are strings: a value of another type is a missing one.
    case "invalid_type":
      return { key: "required" };
    case "too_small":
      if (text)
        return size(issue.minimum) <= 1
          ? { key: "required" }
          : { key: "tooShort", values: { minimum: size(issue.minimum) } };
      return { key: "tooSmall", values: { minimum: size(issue.minimum) } };
    case "too_big":
      return text
        ? { key: "tooLong", values: { maximum: size(issue.maximum) } }
        : { key: "tooBig", values: { maximum: size(issue.maximum) } };
    case "invalid_format":
      if (issue.format === "email") return { key: "email" };
      if (issue.format === "url") return { key: "url" };
      return { key: "format" };
    case "invalid_value":
      return { key: "choice" };
    default:
      return { key: "invalid" };
  }
}

/** An issue's message in the form's language (`t` is `useTranslations("common.validation")`). */
export function localizeIssue<I extends ValidationIssue>(
  issue: I,
  locale: string,
  t: (key: ValidationKey, values?: Record<string, number>) => string,
): I {
  if (locale === "en") return issue;
  const { key, values } = validationMessage(issue);
  return { ...issue, message: t(key, values) };
}
