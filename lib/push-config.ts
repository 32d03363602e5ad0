import { z } from "zod";

/** What the browser needs to register for push: Firebase's web config and the VAPID key. */
export type PushConfig = {
  firebase: { apiKey: string; projectId: string; messagingSenderId: string; appId: string };
  vapidKey: string;
};

const firebaseConfig = z.object({
  apiKey: z.string().min(1),
  projectId: z.string().min(1),
  messagingSenderId: z.string().min(1),
  appId: z.string().min(1),
});

/**
 * NEXT_PUBLIC_FIREBASE_CONFIG (JSON) and NEXT_PUBLIC_FIREBASE_VAPID_KEY, read on the server at
 * request time; null (push not configured) unless both are set and the config is complete.
 */
export function parsePushConfig(config: string | undefined, vapidKey: string | undefined): PushConfig | null {
  if (!config || !vapidKey) return null;
  try {
    const parsed = firebaseConfig.safeParse(JSON.parse(config));
    return parsed.success ? { firebase: parsed.data, vapidKey } : null;
  } catch {
    return null;
  }
}
