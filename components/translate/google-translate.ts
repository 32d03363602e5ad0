// Loads Google's page translation element on demand and drives its (hidden) language combo.
// Nothing here runs until a visitor picks a language, or comes back with one picked before.
import { SOURCE_LANGUAGE } from "./languages";

const SCRIPT_URL = "https://translate.google.com/translate_a/element.js?cb=googleTranslateElementInit";
export const CONTAINER_ID = "google_translate_element";
/** The widget is polled every 100 ms until Google's combo is there. */
const POLL_MS = 100;
const GIVE_UP_MS = 15_000;

type TranslateElementCtor = new (options: Record<string, unknown>, containerId: string) => unknown;
declare global {
  interface Window {
    googleTranslateElementInit?: () => void;
    google?: { translate?: { TranslateElement?: TranslateElementCtor & { InlineLayout?: Record<string, unknown> } } };
  }
}

let loading: Promise<void> | null = null;

function loadScript(languages: string[]): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    window.googleTranslateElementInit = () => {
      try {
        const Element = window.google?.translate?.TranslateElement;
        if (!Element) throw new Error("Google translate element missing");
        new Element(
          { pageLanguage: SOURCE_LANGUAGE, includedLanguages: languages.join(","), autoDisplay: false },
          CONTAINER_ID,
        );
        resolve();
      } catch (error) {
        reject(error);
      }
    };
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onerror = () => reject(new Error("Google translate could not be loaded"));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null; // a later pick tries again (the connection may be back)
    throw error;
  });
  return loading;
}

function waitForCombo(): Promise<HTMLSelectElement> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const combo = document.querySelector<HTMLSelectElement>("select.goog-te-combo");
      if (combo && combo.options.length > 1) {
        window.clearInterval(timer);
        resolve(combo);
      } else if (Date.now() - started > GIVE_UP_MS) {
        window.clearInterval(timer);
        reject(new Error("Google translate did not start"));
      }
    }, POLL_MS);
  });
}

/** The language a previous visit picked (Google keeps it in the `googtrans` cookie: /en/fr). */
export function rememberedLanguage(): string {
  const match = document.cookie.match(/(?:^|;\s*)googtrans=\/[^/;]*\/([^;]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : SOURCE_LANGUAGE;
}

/** Translates the page into `language`; back to English clears Google's cookie and reloads. */
export async function translatePage(language: string, languages: string[]): Promise<void> {
  if (language === SOURCE_LANGUAGE) {
    const host = window.location.hostname;
    for (const domain of ["", `; domain=${host}`, `; domain=.${host}`]) {
      document.cookie = `googtrans=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
    }
    window.location.reload();
    return;
  }
  await loadScript(languages);
  const combo = await waitForCombo();
  combo.value = language;
  combo.dispatchEvent(new Event("change"));
}
