// Error handling: bad input never answers 5xx, every /api answer is the envelope, and no stack trace
// reaches a client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from '../core/errors';
import { envelope, sendError } from './envelope';

export const SERVER_ERROR_MESSAGE = '服务器繁忙，请稍后重试';
export const BAD_URL_MESSAGE = '请求地址无效';

/** Fastify's `frameworkErrors`: a path it cannot decode (e.g. `/api/%zz`) is refused before any routing. */
export const answerFrameworkError = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
  reply.code(400).send(envelope(false, BAD_URL_MESSAGE, null));

export const installErrorHandling = (app: FastifyInstance) => {
  // An empty JSON body is an empty request, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new Error('请求内容不是有效的 JSON') as FastifyError;
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) return sendError(reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, oversized body: the caller's mistake, told in Chinese.
      const message =
        status === 413
          ? '请求内容过大'
          : status === 415
            ? '请求内容类型不支持，请使用 JSON'
            : error.message && /[\u4e00-\u9fa5]/.test(error.message)
              ? error.message
              : '请求格式无效';
      return reply.code(200).send(envelope(false, message, null));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(envelope(false, SERVER_ERROR_MESSAGE, null));
  });

  // Every other path and method: the envelope with 404. The web app's pages are routes of their own.
  app.setNotFoundHandler((_request, reply) => sendError(reply, new BusinessError('NOT_FOUND')));
  // Under /api even GET and the like answer the envelope (a client may send them; `/%61pi/…` decodes here too).
  const unknownCall = { config: { access: 'public' as const, isApiCall: true } };
  app.all('/api', unknownCall, (_request, reply) => sendError(reply, new BusinessError('NOT_FOUND')));
  app.all('/api/*', unknownCall, (_request, reply) => sendError(reply, new BusinessError('NOT_FOUND')));
};
