"use client";

import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import type { useContractForm } from "@/lib/use-contract-form";
import "./coordinates.css";

type Form = ReturnType<typeof useContractForm>;

/** Six decimals: about 10 cm, more than a phone's location is worth. */
const round = (value: number) => String(Math.round(value * 1e6) / 1e6);

/**
 * Latitude and longitude of an address (issue 16), typed in or taken from the browser's location
 * while the owner stands in the shop. Wallet passes then surface on the lock screen nearby.
 */
export function CoordinatesFields({ form }: { form: Form }) {
  const [status, setStatus] = useState<string | null>(null);
  const locate = () => {
    if (!("geolocation" in navigator)) {
      setStatus("This browser cannot share its location. Type the coordinates in instead.");
      return;
    }
    setStatus("Finding your location…");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        form.setValues((v) => ({ ...v, latitude: round(coords.latitude), longitude: round(coords.longitude) }));
        setStatus(`Location filled in (accurate to about ${Math.round(coords.accuracy)} m).`);
      },
      () => setStatus("The location could not be read. Allow it for this site, or type the coordinates in."),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return (
    <fieldset className="coordinates">
      <legend>Map position (optional)</legend>
      <p className="field-hint">
        Your customers&rsquo; wallet cards pop up on their lock screen near this address. Stand in the shop and use your
        location, or copy the coordinates from a map.
      </p>
      <div className="coordinates-row">
        <TextField
          label="Latitude"
          inputMode="decimal"
          autoComplete="off"
          placeholder="51.5226"
          {...form.field("latitude")}
        />
        <TextField
          label="Longitude"
          inputMode="decimal"
          autoComplete="off"
          placeholder="-0.0797"
          {...form.field("longitude")}
        />
      </div>
      <button type="button" className="btn btn-secondary btn-small" onClick={locate}>
        Use my current location
      </button>
      {status && (
        <p className="field-hint" role="status">
          {status}
        </p>
      )}
    </fieldset>
  );
}
