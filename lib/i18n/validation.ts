/**
 * The contract's validation messages are its English copy (the API answers them too). A form in
 * another language shows the issue in that language instead: each zod issue is mapped, by its code
 * and parameters, to a `common.validation.*` message (`t` is `useTranslations("common.validation")`).
 * The mapping is the contract's, shared with the API's 422 answers.
 */
export {
  localizeIssue,
  validationMessage,
  type ValidationIssue,
  type ValidationKey,
} from "../../contract/validation-keys";
