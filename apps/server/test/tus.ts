// The tus protocol spoken by hand over real sockets (the console uses tus-js-client): create an upload, send bytes
// from an offset, ask how far it got, and a PATCH whose connection drops halfway, as factory Wi-Fi does.
import http from 'node:http';
import { MATERIAL_UPLOAD_PATH } from '@ess/contract/materials';

export type TusAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

const encodeMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');

const send = (
  origin: string,
  { method, path, headers, body }: { method: string; path: string; headers: Record<string, string>; body?: Buffer },
) =>
  new Promise<TusAnswer>((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method, headers: { 'tus-resumable': '1.0.0', ...headers } });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });

export const tusClient = (origin: string, token: string) => {
  const auth = { authorization: `Bearer ${token}` };
  return {
    create: async ({ size, metadata }: { size: number; metadata: Record<string, string> }) => {
      const answer = await send(origin, {
        method: 'POST',
        path: MATERIAL_UPLOAD_PATH,
        headers: { ...auth, 'upload-length': String(size), 'upload-metadata': encodeMetadata(metadata) },
      });
      return { ...answer, location: answer.headers.location as string | undefined };
    },
    patch: (location: string, offset: number, bytes: Buffer) =>
      send(origin, {
        method: 'PATCH',
        path: location,
        headers: {
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
        body: bytes,
      }),
    head: (location: string) => send(origin, { method: 'HEAD', path: location, headers: auth }),
    /** A PATCH announcing all the bytes that sends only `sent` of them and then loses its connection. */
    patchDropped: (location: string, offset: number, bytes: Buffer, sent: number) =>
      new Promise<void>((resolve) => {
        const request = http.request(`${origin}${location}`, {
          method: 'PATCH',
          headers: {
            ...auth,
            'tus-resumable': '1.0.0',
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(bytes.length),
          },
        });
        request.on('error', () => resolve());
        request.on('response', () => resolve());
        request.write(bytes.subarray(0, sent), () => {
          // Let the server write what arrived, then the Wi-Fi goes.
          setTimeout(() => {
            request.destroy();
            resolve();
          }, 300);
        });
      }),
  };
};

/** Creates an upload and sends it whole in chunks; answers the last PATCH's answer and the upload's address. */
export const uploadWhole = async (
  client: ReturnType<typeof tusClient>,
  { bytes, metadata, chunk = 256 * 1024 }: { bytes: Buffer; metadata: Record<string, string>; chunk?: number },
) => {
  const created = await client.create({ size: bytes.length, metadata });
  if (created.status !== 201 || !created.location) return { created, last: undefined };
  let last: TusAnswer | undefined;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    last = await client.patch(created.location, offset, bytes.subarray(offset, offset + chunk));
    if (last.status !== 204) break;
  }
  return { created, last };
};
