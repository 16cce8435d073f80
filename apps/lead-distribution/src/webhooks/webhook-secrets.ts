import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { FieldCipher } from '#platform';

/** After a rotation the previous secret keeps signing beside the new one this long. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface SealedSecret {
  ciphertext: Buffer;
  keyId: string;
}

/** The secret columns of an endpoint row, as the worker reads them. */
export interface EndpointSecrets {
  secretCiphertext: Buffer;
  secretKeyId: string;
  previousSecretCiphertext: Buffer | null;
  previousSecretKeyId: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * Endpoint signing secrets: `whsec_` and 32 random bytes in base64, as the Standard Webhooks
 * specification writes them; shown once, kept only sealed with the platform's field cipher
 * (DATA_ENCRYPTION_KEYS), opened to sign.
 */
@Injectable()
export class WebhookSecrets {
  constructor(private readonly cipher: FieldCipher) {}

  generate(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  seal(secret: string): SealedSecret {
    const sealed = this.cipher.seal(secret);
    return { ciphertext: sealed.ciphertext, keyId: sealed.keyId };
  }

  /** The secrets that sign a delivery made at `now`: the current one, then the previous one during its overlap. */
  signingSecrets(endpoint: EndpointSecrets, now: Date): string[] {
    const secrets = [this.cipher.open({ ciphertext: endpoint.secretCiphertext, keyId: endpoint.secretKeyId })];
    if (
      endpoint.previousSecretCiphertext &&
      endpoint.previousSecretKeyId &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt.getTime() > now.getTime()
    ) {
      secrets.push(this.cipher.open({ ciphertext: endpoint.previousSecretCiphertext, keyId: endpoint.previousSecretKeyId }));
    }
    return secrets;
  }
}
