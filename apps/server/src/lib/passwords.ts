// Password hashing: argon2id (OWASP: 19 MiB, t=2, p=1) of the SHA-256 hex the client sends.
import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export const hashPassword = (clientHash: string) => hash(clientHash, OPTIONS);

export const verifyPassword = async (stored: string, clientHash: string) => {
  try {
    return await verify(stored, clientHash);
  } catch {
    return false;
  }
};

/** Spent on unknown accounts so that timing does not tell whether an account exists. */
let decoyHash: Promise<string> | undefined;
export const spendDecoyVerification = async (clientHash: string) => {
  decoyHash ??= hashPassword(sha256Hex('decoy'));
  await verifyPassword(await decoyHash, clientHash);
};
