// What the routes of the public forms' modules (proposals, recruitment) share: their rate limits, the address links
// in an export are made with, and the CSV download of HR's lists.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from '../core/errors';
import { sendError } from './envelope';

export type PublicFormLimits = { submit: number; upload: number; lookup: number };

/** Serves a CSV download, or the envelope of a refusal. */
export const sendCsv = async (
  reply: FastifyReply,
  { fileName, build }: { fileName: string; build: () => Promise<string> },
) => {
  try {
    const csv = await build();
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'no-store')
      .send(csv);
  } catch (error) {
    if (error instanceof BusinessError) return sendError(reply, error);
    throw error;
  }
};

export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
