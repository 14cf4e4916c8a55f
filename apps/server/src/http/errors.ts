// Error handling: bad input never answers 5xx, and no stack trace reaches a client.
import type { FastifyError, FastifyInstance } from 'fastify';
import { envelope } from './envelope';

export const SERVER_ERROR_MESSAGE = '服务器繁忙,请稍后重试';

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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, oversized body: the caller's mistake, told in Chinese.
      const message =
        status === 413
          ? '请求内容过大'
          : status === 415
            ? '请求内容类型不支持,请使用 JSON'
            : error.message && /[\u4e00-\u9fa5]/.test(error.message)
              ? error.message
              : '请求格式无效';
      return reply.code(200).send(envelope(false, message, null));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(envelope(false, SERVER_ERROR_MESSAGE, null));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send(envelope(false, '接口不存在', null));
    return reply.code(404).send('Not found');
  });
};
