import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

let secret: string | undefined;

/**
 * SESSION_SECRET, or a secret generated once into DATA_DIR/.secret and reused: enough for one
 * machine; several Next.js instances must share SESSION_SECRET.
 */
export function sessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  if (secret) return secret;
  const file = path.resolve(dataDir, ".secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fresh = randomBytes(32).toString("base64url");
    try {
      // "wx": if another process created it first, read theirs instead.
      fs.writeFileSync(file, fresh, { flag: "wx", mode: 0o600 });
      secret = fresh;
    } catch {
      secret = fs.readFileSync(file, "utf8").trim();
    }
    console.warn(`[session] SESSION_SECRET is not set: using the secret in ${file} (fine for one machine).`);
  }
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}
