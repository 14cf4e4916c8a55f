// Multipart uploads through app.inject, as a phone's browser sends them.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export type UploadPart =
  | { field: string; value: string }
  | { field: string; file: Buffer; filename: string; contentType?: string };

/** A multipart/form-data body and its content type. */
export const multipartBody = (parts: UploadPart[]) => {
  const boundary = `----ess${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'file' in part
        ? `form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
        : `form-data; name="${part.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('file' in part ? part.file : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

export const postMultipart = async (app: FastifyInstance, path: string, parts: UploadPart[], token?: string) => {
  const { payload, contentType } = multipartBody(parts);
  const response = await app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { 'content-type': contentType, ...(token ? { token } : {}) },
    payload,
  });
  return { status: response.statusCode, body: response.json() as { result: boolean; msg: string; data: unknown } };
};

/** Uploads one file and answers its address (the upload must succeed). */
export const uploadFile = async (
  app: FastifyInstance,
  token: string,
  { upType, file, filename = 'photo.png' }: { upType: string; file: Buffer; filename?: string },
) => {
  const { body } = await postMultipart(
    app,
    'upload/UploadFileForMobile',
    [
      { field: 'upType', value: upType },
      { field: 'file', file, filename },
    ],
    token,
  );
  if (!body.result) throw new Error(`upload failed: ${body.msg}`);
  return body.data as string;
};
