import type { AbstractIntlMessages } from "next-intl";
import type { Namespace } from "./namespaces";

/** A namespace of messages, or one part of it: `kinds`, `dashboard.main`. */
export type MessagePath = Namespace | `${Namespace}.${string}`;

/** True when `paths` give every message of `path` (its namespace whole, or that very part). */
export function covers(paths: readonly MessagePath[], path: MessagePath): boolean {
  const namespace = path.split(".")[0]!;
  return paths.some((given) => given === path || given === namespace);
}

/** The messages at `paths`, in the same shape (what a client provider hands the browser). */
export function pickMessages(messages: AbstractIntlMessages, paths: readonly MessagePath[]): AbstractIntlMessages {
  const picked: Record<string, AbstractIntlMessages> = {};
  for (const path of paths) {
    const [namespace, part] = path.split(".") as [string, string | undefined];
    const whole = messages[namespace];
    if (typeof whole !== "object" || whole === null) continue;
    if (part === undefined) picked[namespace] = whole;
    else if (whole[part] !== undefined) {
      const into = (picked[namespace] ??= {});
      if (into !== whole) into[part] = whole[part];
    }
  }
  return picked;
}
