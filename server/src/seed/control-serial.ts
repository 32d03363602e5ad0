import { controlBucket } from "../modules/insights/control-group";
import { newSerial } from "../modules/loyalty/engine/codes";

/** The share of the demo's cards in their business's control group (percent). */
export const DEMO_CONTROL_PERCENT = 10;

/** Whether the demo's `index`-th card of a business is held out: exactly one in ten, drawn by the seed. */
export const demoControl = (index: number) => index % (100 / DEMO_CONTROL_PERCENT) === 5;

/**
 * A random serial whose control bucket (control-group.ts) puts the card in the group the seed drew
 * for it: the demo's control group is the same on every machine, its serials still secrets.
 */
export function controlSerial(control: boolean) {
  for (;;) {
    const serial = newSerial();
    if (controlBucket(serial) < DEMO_CONTROL_PERCENT === control) return serial;
  }
}
