"use client";
import { useEffect, useId, useRef } from "react";

type Props = {
  /** Each decoded code (the same code repeats while it stays in view; callers decide what to do). */
  onCode: (text: string) => void;
  /** The camera is not available (refused, missing, busy): the caller says so in its own words. */
  onError: () => void;
  /** The camera view's name for screen readers, in the page's language. */
  label: string;
};

/**
 * The camera view of html5-qrcode. The library (about 100 kB) is fetched only here, when a person
 * asked for the camera: neither the page nor the dashboard carries it otherwise.
 */
export function CameraScanner({ onCode, onError, label }: Props) {
  const elementId = `camera-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const onCodeRef = useRef(onCode);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onCodeRef.current = onCode;
    onErrorRef.current = onError;
  });

  useEffect(() => {
    let cancelled = false;
    let stop: (() => Promise<void>) | undefined;
    import("html5-qrcode")
      .then(async ({ Html5Qrcode }) => {
        if (cancelled) return;
        const scanner = new Html5Qrcode(elementId, { verbose: false });
        await scanner.start(
          { facingMode: "environment" },
          { fps: 10, qrbox: { width: 240, height: 240 } },
          (text) => onCodeRef.current(text),
          () => {
            // Called for every frame without a code: nothing to report.
          },
        );
        stop = async () => {
          if (scanner.isScanning) await scanner.stop();
          scanner.clear();
        };
        if (cancelled) await stop();
      })
      .catch(() => {
        if (!cancelled) onErrorRef.current();
      });
    return () => {
      cancelled = true;
      void stop?.().catch(() => {});
    };
  }, [elementId]);

  return <div id={elementId} className="camera-view" aria-label={label} role="region" />;
}
