"use client";
import { useEffect, useId, useRef } from "react";

/** The running scanner's pause and resume, once the camera has started. */
type Controls = { paused: () => boolean; pause: () => void; resume: () => void };

type Props = {
  /**
   * A decoded code, while `reading` (the same code repeats while it stays in view). Answer true to
   * take it: the view then freezes on the card and reads nothing more until the caller sets
   * `reading` again. Anything else leaves it reading.
   */
  onCode: (text: string) => boolean | void;
  /** The camera is not available (refused, missing, busy): the caller says so in its own words. */
  onError: () => void;
  /** The camera view's name for screen readers, in the page's language. */
  label: string;
  /** False after a taken read, until the caller wants the next card (true unless given). */
  reading?: boolean;
};

/**
 * The camera view of html5-qrcode. The library (about 100 kB) is fetched only here, when a person
 * asked for the camera: neither the page nor the dashboard carries it otherwise. A taken code stops
 * the reading: the camera sees a card many times a second, and a card held in view is one scan.
 */
export function CameraScanner({ onCode, onError, label, reading = true }: Props) {
  const elementId = `camera-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const onCodeRef = useRef(onCode);
  const onErrorRef = useRef(onError);
  const controls = useRef<Controls | null>(null);
  // Read by the library's callback, which runs between renders: whether a code may be taken now.
  const armed = useRef(reading);
  useEffect(() => {
    onCodeRef.current = onCode;
    onErrorRef.current = onError;
  });

  useEffect(() => {
    let cancelled = false;
    let stop: (() => Promise<void>) | undefined;
    import("html5-qrcode")
      .then(async ({ Html5Qrcode, Html5QrcodeScannerState }) => {
        if (cancelled) return;
        const scanner = new Html5Qrcode(elementId, { verbose: false });
        await scanner.start(
          { facingMode: "environment" },
          { fps: 10, qrbox: { width: 240, height: 240 } },
          (text) => {
            if (!armed.current || onCodeRef.current(text) !== true) return;
            armed.current = false;
            // Frozen on the card that was read, so the staff see what was scanned.
            scanner.pause(true);
          },
          () => {
            // Called for every frame without a code: nothing to report.
          },
        );
        stop = async () => {
          controls.current = null;
          if (scanner.isScanning) await scanner.stop();
          scanner.clear();
        };
        if (cancelled) return await stop();
        controls.current = {
          paused: () => scanner.getState() === Html5QrcodeScannerState.PAUSED,
          pause: () => scanner.pause(true),
          resume: () => scanner.resume(),
        };
        if (!armed.current) scanner.pause(true);
      })
      .catch(() => {
        if (!cancelled) onErrorRef.current();
      });
    return () => {
      cancelled = true;
      void stop?.().catch(() => {});
    };
  }, [elementId]);

  useEffect(() => {
    armed.current = reading;
    const camera = controls.current;
    if (!camera) return;
    if (reading && camera.paused()) camera.resume();
    else if (!reading && !camera.paused()) camera.pause();
  }, [reading]);

  return <div id={elementId} className="camera-view" aria-label={label} role="region" />;
}
