"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState, useSyncExternalStore, type ChangeEvent } from "react";
import { CONTAINER_ID, rememberedLanguage, translatePage } from "./google-translate";
import { MACHINE_LANGUAGES, SOURCE_LANGUAGE } from "./languages";

const CODES = MACHINE_LANGUAGES.map((language) => language.code);
const noSubscription = () => () => {};

/**
 * The page-translation widget: a language picker over Google's page translation,
 * whose script loads only when a language is picked (or was picked on an earlier page), after the
 * page has painted. When Google cannot be reached the page stays in English and says so. It offers
 * the languages we do not translate ourselves: ours are the language picker's.
 * Self-contained: drop it into any layout or menu.
 */
export function TranslateWidget({ className }: { className?: string }) {
  const t = useTranslations("common.translate");
  const remembered = useSyncExternalStore(noSubscription, rememberedLanguage, () => SOURCE_LANGUAGE);
  const [picked, setPicked] = useState<string | null>(null);
  const [status, setStatus] = useState<"idle" | "working" | "failed">("idle");
  const language = picked ?? remembered;

  const run = useCallback((code: string) => {
    setStatus("working");
    translatePage(code, CODES).then(
      () => setStatus("idle"),
      () => setStatus("failed"),
    );
  }, []);

  // A language picked on an earlier page: translate this page too, once the browser is idle.
  useEffect(() => {
    if (remembered === SOURCE_LANGUAGE) return;
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    idle(() => run(remembered));
  }, [remembered, run]);

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    setPicked(event.target.value);
    run(event.target.value);
  };

  return (
    <div className={`translate-widget notranslate${className ? ` ${className}` : ""}`} translate="no">
      <label htmlFor="translate-language">{t("label")}</label>
      <select id="translate-language" value={language} onChange={onChange} aria-busy={status === "working"}>
        <option value={SOURCE_LANGUAGE}>{t("original")}</option>
        {MACHINE_LANGUAGES.map((entry) => (
          <option key={entry.code} value={entry.code}>
            {entry.name}
          </option>
        ))}
      </select>
      <span role="status" className="translate-status">
        {status === "failed" ? t("failed") : ""}
      </span>
      <div id={CONTAINER_ID} hidden />
    </div>
  );
}
