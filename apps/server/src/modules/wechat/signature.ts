// The JS-SDK signature as WeChat publishes it (JS-SDK documentation, appendix 1), which WeCom uses too: sha1 over
// jsapi_ticket, noncestr, timestamp and url, in that order as key=value joined by &, the URL without its hash.
import { createHash, randomBytes } from 'node:crypto';

export const pageUrlForSignature = (url: string) => {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
};

export const jsSdkSignature = ({
  ticket,
  nonceStr,
  timestamp,
  url,
}: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}) =>
  createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${pageUrlForSignature(url)}`)
    .digest('hex');

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const makeNonce = (length = 16) =>
  Array.from(randomBytes(length), (byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length]).join('');
