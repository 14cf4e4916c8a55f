// QuestionBank/* calls of the HR console (role HRAdmin by the contract entry; plant scope in the service).
import { MAX_IMPORT_BYTES } from '@ess/contract/imports';
import { questionBankRoutes as r } from '@ess/contract/question-bank';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { readUpload, registerUploads } from '../../http/uploads';
import {
  bankTemplate,
  deleteCategory,
  deleteQuestions,
  exportQuestions,
  importQuestions,
  listCategories,
  listQuestions,
  saveCategory,
  saveQuestion,
} from './service';

export const registerQuestionBankRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  // A bank's sheet is an import's sheet: the imports' multipart limits.
  await app.register(async (uploads) => {
    await registerUploads(uploads, { maxBytes: MAX_IMPORT_BYTES, maxFiles: 1 });
    registerCall(uploads, r.importBankQuestions, async ({ caller, request }) => {
      const { fields, files } = await readUpload(request, r.importBankQuestions, {
        maxBytes: MAX_IMPORT_BYTES,
        maxFiles: 1,
      });
      const [file] = files as [(typeof files)[number]];
      const answer = await importQuestions(db, caller, {
        bu: fields.bu,
        fileName: file.originalName,
        bytes: file.bytes,
        requestId: request.id,
      });
      const msg =
        answer.rejectedCount === 0
          ? `已导入：新增 ${answer.created} 题，更新 ${answer.updated} 题`
          : `新增 ${answer.created} 题，更新 ${answer.updated} 题；${answer.rejectedCount} 行未导入，请下载查看原因`;
      return { data: answer, msg };
    });
  });
  registerCall(app, r.getQuestionCategories, async ({ body, caller }) => ({
    data: await listCategories(db, caller, body.bu),
  }));
  registerCall(app, r.saveQuestionCategory, async ({ body, caller, request }) => ({
    data: await saveCategory(db, caller, { draft: body, requestId: request.id }),
    msg: '已保存',
  }));
  registerCall(app, r.deleteQuestionCategory, async ({ body, caller, request }) => {
    await deleteCategory(db, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: '分类已删除' };
  });
  registerCall(app, r.getBankQuestions, async ({ body, caller }) => {
    const { rows, totalCount } = await listQuestions(db, caller, {
      bu: body.bu,
      categoryId: body.categoryId,
      subjectType: body.subjectType,
      keyword: body.keyword,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, r.saveBankQuestion, async ({ body, caller, request, idempotencyKey }) => ({
    data: await saveQuestion(db, caller, { draft: body, requestId: request.id, idempotencyKey }),
    msg: '题目已保存',
  }));
  registerCall(app, r.deleteBankQuestions, async ({ body, caller, request }) => {
    const answer = await deleteQuestions(db, caller, { ids: body.ids, requestId: request.id });
    return { data: answer, msg: `已删除 ${answer.deleted} 题` };
  });
  registerCall(app, r.getBankTemplate, async () => ({ data: bankTemplate() }));
  registerCall(app, r.exportBankQuestions, async ({ body, caller }) => ({
    data: await exportQuestions(db, caller, body),
  }));
};
