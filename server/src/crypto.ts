import { createHash, randomBytes, randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashSecret = (secret: string) => hash(secret, ARGON2);

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

/** A high-entropy URL-safe token (256 bits). Stored only as its sha256. */
export const randomToken = () => randomBytes(32).toString("base64url");

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Six digits, uniformly drawn. */
export const otpCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

// A fixed argon2id hash to verify against when the user does not exist, so that a login for an
// unknown email costs as much time as one for a known email.
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashSecret(randomToken()));
