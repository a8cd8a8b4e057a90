import "server-only";
import { randomBytes } from "node:crypto";
import { openAesGcm, sealAesGcm } from "@/lib/crypto/aes-gcm";
import { masterKey } from "@/lib/crypto/master-key";

/** A fresh signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The secret as stored: sealed with the server-only key, so a database dump alone cannot sign. */
export function sealWebhookSecret(secret: string): { secretSealed: string; secretPrefix: string } {
  return { secretSealed: sealAesGcm(masterKey(), Buffer.from(secret, "utf8")).toString("base64"), secretPrefix: secret.slice(0, 12) };
}

export function openWebhookSecret(sealed: string): string {
  return openAesGcm(masterKey(), Buffer.from(sealed, "base64")).toString("utf8");
}
