// Reading a multipart upload: the fields (validated by the call's contract schema) and the files, each held in
// memory up to the size cap (they are stored in PostgreSQL), with every limit answered in Chinese.
import type { ParsedRequestOf, RouteSpec } from '@ess/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusinessError } from '../core/errors';
import { parseRequest } from './contract-routes';

export type UploadedPart = { bytes: Buffer; originalName: string };

/** The refusal of a file over the cap, in MB, or in KB for caps under 1 MB (a logo's). */
export const uploadTooLarge = (maxBytes: number) =>
  maxBytes >= 1024 * 1024
    ? new BusinessError('UPLOAD_TOO_LARGE', { max: maxBytes >> 20 })
    : new BusinessError('UPLOAD_TOO_LARGE_KB', { max: maxBytes >> 10 });

/** The multipart limits for files of at most `maxBytes`. */
const multipartLimits = (maxBytes: number, maxFiles: number) =>
  ({ fileSize: maxBytes, files: maxFiles, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 }) as const;

/** What a multipart body may hold beyond its files: the fields, boundaries and part headers. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Multipart uploads in a scope (its calls read them with readUpload), for at most `maxFiles` files (of all its
 * calls: each call's readUpload holds its own number) of at most `maxBytes` each. A request
 * declaring a body larger than its files could be is refused on its headers, before any of it is read, and its
 * connection closed: a client sending 100 MB learns at once instead of after the upload.
 */
export const registerUploads = async (scope: FastifyInstance, { maxBytes, maxFiles }: UploadLimits) => {
  await scope.register(fastifyMultipart, {
    limits: multipartLimits(maxBytes, maxFiles),
    throwFileSizeLimit: true,
  });
  scope.addHook('onRequest', async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    if (declared > maxBytes * maxFiles + MULTIPART_OVERHEAD_BYTES) {
      reply.header('connection', 'close');
      throw uploadTooLarge(maxBytes);
    }
  });
};

const errorCodeOf = (error: unknown) => (error as { code?: unknown } | undefined)?.code;

const translate = (error: unknown, { maxFiles, maxBytes }: UploadLimits): never => {
  switch (errorCodeOf(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      throw uploadTooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
      throw maxFiles === 1
        ? new BusinessError('UPLOAD_ONE_FILE')
        : new BusinessError('UPLOAD_TOO_MANY', { max: maxFiles });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      throw new BusinessError('INVALID_INPUT', { detail: '上传内容无效' });
    default:
      throw error;
  }
};

type UploadLimits = { maxFiles: number; maxBytes: number };

export const readUpload = async <R extends RouteSpec>(
  request: FastifyRequest,
  route: R,
  limits: UploadLimits,
): Promise<{ fields: ParsedRequestOf<R>; files: UploadedPart[] }> => {
  const { maxFiles } = limits;
  if (!request.isMultipart()) throw new BusinessError('UPLOAD_MISSING');
  const fields: Record<string, unknown> = {};
  const files: UploadedPart[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (files.length >= maxFiles) {
          // The rest of the stream must still be read for the answer to go out; what it holds is dropped.
          part.file.resume();
          throw maxFiles === 1
            ? new BusinessError('UPLOAD_ONE_FILE')
            : new BusinessError('UPLOAD_TOO_MANY', { max: maxFiles });
        }
        files.push({ bytes: await part.toBuffer(), originalName: part.filename });
      } else if (!Object.hasOwn(fields, part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    translate(error, limits);
  }
  const parsed = parseRequest(route, fields);
  if (!parsed.ok) throw new BusinessError('INVALID_INPUT', { detail: parsed.message });
  if (files.length === 0) throw new BusinessError('UPLOAD_MISSING');
  return { fields: parsed.data, files };
};
