// One idempotency key per form submission: a double tap or a retry after a dropped answer sends the same
// key, so the server acts once; a new key only after the server confirmed the last one.
import { useCallback, useState } from 'react';

/** 128 random bits as hex (crypto.randomUUID is missing from the older WebViews the app supports). */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export const useIdempotencyKey = () => {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
};
