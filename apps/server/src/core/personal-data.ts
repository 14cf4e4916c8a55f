// Protected personal data: ID card and bank card numbers are stored encrypted (AES-256-GCM) and shown masked.
// The key is derived from SECRET_KEY; every value names the key it was sealed with (its id), so SECRET_KEY can be
// rotated: the old key stays readable through PREVIOUS_SECRET_KEYS until `npm run ess -- reseal` has sealed every
// value again with the new one.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

type Key = { id: string; bytes: Buffer };

const deriveKey = (secret: string): Key => {
  const bytes = Buffer.from(hkdfSync('sha256', secret, 'ess-personal-data', 'aes-256-gcm v1', 32));
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
};

export type PersonalDataCipher = {
  /** `<key id>.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal: (plain: string) => string;
  open: (sealed: string) => string;
  /** Whether a value was sealed with an older key. */
  isSealedWithOldKey: (sealed: string) => boolean;
  /** The id of the key new values are sealed with. */
  currentKeyId: string;
  /** The ids of every key it opens values of: the current one and the previous ones. */
  keyIds: ReadonlySet<string>;
};

/** The id a SECRET_KEY's sealed values carry in front: `a1b2c3d4`. */
export const keyIdOf = (secret: string) => deriveKey(secret).id;

export const createPersonalDataCipher = (
  secretKey: string,
  previousKeys: readonly string[] = [],
): PersonalDataCipher => {
  const current = deriveKey(secretKey);
  const keys = new Map([current, ...previousKeys.map(deriveKey)].map((key) => [key.id, key]));
  return {
    seal: (plain) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, current.bytes, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [current.id, iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [keyId, iv, tag, data] = sealed.split('.');
      const key = keyId ? keys.get(keyId) : undefined;
      if (!key || iv === undefined || tag === undefined || data === undefined) {
        throw new Error(`personal data sealed with an unknown key (${keyId ?? '?'}): is PREVIOUS_SECRET_KEYS set?`);
      }
      const decipher = createDecipheriv(ALGORITHM, key.bytes, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    isSealedWithOldKey: (sealed) => !sealed.startsWith(`${current.id}.`),
    currentKeyId: current.id,
    keyIds: new Set(keys.keys()),
  };
};

/** 3201**********1234: the first and last four characters of an ID card number. */
export const maskIdCard = (value: string) =>
  value.length <= 8
    ? '*'.repeat(value.length)
    : `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;

/** 6222 **** **** 1234: the first and last four digits of a card number, in groups as printed on the card. */
export const maskBankNo = (digits: string) =>
  digits.length <= 8 ? '*'.repeat(digits.length) : `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;

/** 6222 0212 3456 7890 123: a card number grouped by four, as a reviewer compares it with the photo. */
export const groupBankNo = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
