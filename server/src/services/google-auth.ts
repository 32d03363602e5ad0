import { JWT } from "google-auth-library";
import { GOOGLE_TOKEN_URI } from "../settings/google-wallet";

export type ServiceAccount = { clientEmail: string; privateKey: string; tokenUri: string };

/**
 * An OAuth client for a service account key (google-auth-library's JWT client: the signed grant,
 * the token cached and renewed before it expires, one refresh at a time, and a fresh token once
 * when an API answers 401). The grant goes to the key's own `token_uri`, as Google's Python and
 * Java libraries send it: google-auth-library (10.x) has Google's address built in, so its token
 * request is addressed to the key's (the same URL for every key Google issues).
 */
export function serviceAccountClient(account: ServiceAccount, scope: string): JWT {
  const client = new JWT({
    email: account.clientEmail,
    key: account.privateKey,
    scopes: [scope],
    // Node's own fetch; gaxios would otherwise import node-fetch (ESM) on first use.
    transporterOptions: { fetchImplementation: fetch },
  });
  const tokenUri = new URL(account.tokenUri);
  client.transporter.interceptors.request.add({
    resolved: async (options) => {
      if (options.url && String(options.url) === GOOGLE_TOKEN_URI) options.url = tokenUri;
      return options;
    },
  });
  return client;
}
