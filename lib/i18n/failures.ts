import type { Locale } from "../../contract/locales";
import ar from "../../messages/ar/failures.json";
import de from "../../messages/de/failures.json";
import en from "../../messages/en/failures.json";
import es from "../../messages/es/failures.json";
import fr from "../../messages/fr/failures.json";
import ptBR from "../../messages/pt-BR/failures.json";

/**
 * What the web says itself when the API cannot answer (offline, the API server down, a refused
 * request): the `failures` namespace, read here rather than through next-intl because the API
 * client and the BFF make these sentences outside any component. A few short lines per locale.
 */
const FAILURES: Record<Locale, typeof en> = { en, es, fr, de, "pt-BR": ptBR, ar };

export type Failure = keyof typeof en;

/** The sentence in `locale` (a page's `lang`, the BFF's cookie); English for anything else. */
export const failureText = (locale: string | null | undefined, failure: Failure): string =>
  FAILURES[locale && Object.hasOwn(FAILURES, locale) ? (locale as Locale) : "en"][failure];
