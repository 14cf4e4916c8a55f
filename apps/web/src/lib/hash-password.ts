// Passwords travel as the lowercase hex SHA-256 of what was typed (DESIGN §3).
const toHex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

export const hashPassword = async (typed: string): Promise<string> => {
  // WebCrypto exists only in secure contexts (https, localhost); a plant intranet may serve plain http,
  // and only then is the JavaScript implementation downloaded.
  if (globalThis.isSecureContext !== false && globalThis.crypto?.subtle) {
    return toHex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(typed)));
  }
  const { sha256 } = await import('js-sha256');
  return sha256(typed);
};
