// TrainOrganize/*, TrainExam/* and GET /api/media/…: the study list and records, video progress, exams and surveys,
// and the training media.
import { createReadStream } from 'node:fs';
import { handbookPdfPath } from '@ess/contract/handbook';
import { paperAuthoringRoutes } from '@ess/contract/paper-authoring';
import { GUIDE_PATH, trainingRoutes } from '@ess/contract/training';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { sendError } from '../../http/envelope';
import { currentGuideFor } from '../handbook/service';
import { getPaperDetail, saveAttemptAnswers, startAttempt, submitPaper } from './attempts';
import { listAuthoredPapers, publishPaper, withdrawPaper } from './authoring';
import { findMaterialMedia, GUIDE_FILE, parseRange, statMediaFile } from './media';
import { getPersonExam, listPapers } from './papers';
import { exportPaperResults, paperPersonAttempts, paperResultPeople, paperResults } from './results';
import { getStudyItems, getStudyProgress, recordProgress, saveStudyRecord } from './study';

export const registerTrainingRoutes = (app: FastifyInstance, { db, mediaDir }: { db: Db; mediaDir: string }) => {
  registerCall(app, trainingRoutes.getTrainNotify, async ({ caller }) => ({
    data: await getStudyItems({ db, mediaDir }, caller),
  }));
  registerCall(app, trainingRoutes.modifyTrainStudyDetail, async ({ body, caller }) => {
    const saved = await saveStudyRecord(db, caller, body.modify);
    return { data: saved, msg: saved ? '保存成功' : '学习时间不足 1 秒，未记录' };
  });
  registerCall(app, trainingRoutes.getStudyProgress, async ({ body, caller }) => ({
    data: await getStudyProgress({ db, mediaDir }, caller, body.StudyId),
  }));
  registerCall(app, trainingRoutes.modifyStudyProgress, async ({ body, caller }) => ({
    data: await recordProgress({ db, mediaDir }, caller, body),
  }));

  registerCall(app, trainingRoutes.getTrainTest, async ({ caller }) => {
    const rows = await listPapers(db, caller, 'EXAM');
    return {
      data: rows.map((row) => ({
        id: row.id,
        testName: row.title,
        isComplete: row.answerId === null ? ('N' as const) : ('Y' as const),
        score: row.score,
        maxScore: row.maxScore,
      })),
      totalCount: rows.length,
    };
  });
  registerCall(app, trainingRoutes.getTrainTestWithDetail, async ({ body, caller }) => ({
    data: await getPaperDetail(db, caller, { paperId: body.id, examType: 'EXAM' }),
  }));
  registerCall(app, trainingRoutes.getPersonDemandSurvey, async ({ caller }) => {
    const rows = await listPapers(db, caller, 'DEMAND');
    return {
      data: rows.map((row) => ({
        id: row.id,
        demandTitle: row.title,
        isComplete: row.answerId === null ? ('N' as const) : ('Y' as const),
      })),
      totalCount: rows.length,
    };
  });
  registerCall(app, trainingRoutes.getDemandSurveyDetail, async ({ body, caller }) => ({
    data: await getPaperDetail(db, caller, { paperId: body.id, examType: 'DEMAND' }),
  }));
  registerCall(app, trainingRoutes.getPersonExam, async ({ body, caller }) => ({
    data: await getPersonExam(db, caller, { paperId: body.id, examType: body.type }),
  }));
  registerCall(app, trainingRoutes.modifyEmployeeExam, async ({ body, caller, request, idempotencyKey }) => ({
    data: await submitPaper(db, caller, { submission: body.modify, idempotencyKey, requestId: request.id }),
    msg: '提交成功',
  }));
  registerCall(app, trainingRoutes.startPaperAttempt, async ({ body, caller }) => ({
    data: await startAttempt(db, caller, { paperId: body.id, examType: body.type }),
  }));
  registerCall(app, trainingRoutes.savePaperAnswers, async ({ body, caller }) => ({
    data: await saveAttemptAnswers(db, caller, body),
    msg: '已保存',
  }));

  // 考试与问卷 in the console.
  registerCall(app, paperAuthoringRoutes.getPaperList, async ({ body, caller }) => {
    const { rows, totalCount } = await listAuthoredPapers(db, caller, {
      bu: body.bu,
      examType: body.examType,
      page: body.CurrentPage,
      pageSize: body.PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, paperAuthoringRoutes.publishPaper, async ({ body, caller, request, idempotencyKey }) => ({
    data: await publishPaper(db, caller, { draft: body, requestId: request.id, idempotencyKey }),
    msg: body.examType === 'EXAM' ? '考试已发布' : '问卷已发布',
  }));
  registerCall(app, paperAuthoringRoutes.getPaperResults, async ({ body, caller }) => ({
    data: await paperResults(db, caller, body.id),
  }));
  registerCall(app, paperAuthoringRoutes.getPaperResultPeople, async ({ body, caller }) => {
    const { CurrentPage: page, PageSize: pageSize, ...filter } = body;
    const { rows, totalCount } = await paperResultPeople(db, caller, { ...filter, page, pageSize });
    return { data: rows, totalCount };
  });
  registerCall(app, paperAuthoringRoutes.getPaperPersonAttempts, async ({ body, caller }) => ({
    data: await paperPersonAttempts(db, caller, body),
  }));
  registerCall(app, paperAuthoringRoutes.exportPaperResults, async ({ body, caller }) => ({
    data: await exportPaperResults(db, caller, body.id),
  }));
  registerCall(app, paperAuthoringRoutes.withdrawPaper, async ({ body, caller, request }) => {
    await withdrawPaper(db, caller, { id: body.id, requestId: request.id });
    return { data: null, msg: '已撤回' };
  });

  registerMediaRoutes(app, { db, mediaDir });
};

/** Sends a file of MEDIA_DIR with ranges (seeking on phones) and validators (a second look costs a 304). */
const sendMediaFile = async (
  request: FastifyRequest,
  reply: FastifyReply,
  { mediaDir, fileName }: { mediaDir: string; fileName: () => Promise<string> },
) => {
  let media: Awaited<ReturnType<typeof statMediaFile>>;
  try {
    media = await statMediaFile(mediaDir, await fileName());
  } catch (error) {
    if (error instanceof BusinessError) return sendError(reply, error);
    throw error;
  }
  const { file, size, etag } = media;
  reply
    .header('content-type', media.contentType)
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', media.modifiedAt.toUTCString())
    // Signed-in readers only: a shared proxy keeps nothing; the phone revalidates after a day.
    .header('cache-control', 'private, max-age=86400')
    .header('content-disposition', 'inline');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, size) : undefined;
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
  if (!range) return reply.header('content-length', size).send(createReadStream(file));
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(file, { start: range.start, end: range.end }));
};

/** GET /api/media/<key>.<ext> and the onboarding guide; a <video>, pdf.js and an <img> sign in with the cookie. */
const registerMediaRoutes = (app: FastifyInstance, { db, mediaDir }: { db: Db; mediaDir: string }) => {
  const config = { access: 'private' as const, isApiCall: true, acceptsCookieToken: true };
  // The guide HR published for the reader's plant is a version of its own address; without one, MEDIA_DIR's file.
  app.get(GUIDE_PATH, { config }, async (request, reply) => {
    const version = request.caller ? await currentGuideFor(db, request.caller) : undefined;
    if (version) return reply.header('cache-control', 'no-store').redirect(handbookPdfPath(version.id), 302);
    return sendMediaFile(request, reply, { mediaDir, fileName: async () => GUIDE_FILE });
  });
  app.get<{ Params: { name: string } }>('/api/media/:name', { config }, (request, reply) =>
    sendMediaFile(request, reply, {
      mediaDir,
      fileName: async () => {
        if (!request.caller) throw new BusinessError('MEDIA_NOT_FOUND');
        return findMaterialMedia(db, request.caller, request.params.name);
      },
    }),
  );
};
