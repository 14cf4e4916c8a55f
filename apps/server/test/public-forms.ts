// Helpers of the public forms' tests: anonymous uploads and complete, valid forms a test changes one field of.
import type { FastifyInstance } from 'fastify';
import { postMultipart } from './uploads';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** An upload of the public forms (no token unless given); answers the file's address. */
export const uploadPublic = async (
  app: FastifyInstance,
  { upType, file, filename = 'file.bin', token }: { upType: string; file: Buffer; filename?: string; token?: string },
) => {
  const { body } = await postMultipart(
    app,
    'upload/UploadPublicFile',
    [
      { field: 'upType', value: upType },
      { field: 'file', file, filename },
    ],
    token,
  );
  if (!body.result) throw new Error(`public upload failed: ${body.msg}`);
  return body.data as string;
};

export const improveForm = (overrides: Record<string, unknown> = {}) => ({
  Bu: 'NT',
  ImproveDept: 'GT-D02',
  TeamNo: 'NT-T01',
  AssistDept: 'NT-D05',
  ImproveName: '工装夹具改进',
  ImproveEmpName: '王小明',
  ImproveEmpNo: '100123',
  ImproveDetail: '夹具定位销磨损，装配偏差大',
  ImageNo: '',
  ImproveSuggest: '改用淬火定位销，每月点检',
  ...overrides,
});

export const studyForm = (overrides: Record<string, unknown> = {}) => ({
  ProposalType: 'ADJUST',
  Bu: 'BJ',
  ClassType: '机',
  DeptNo: 'BJ-D01',
  Presenter: '赵工',
  WorkNo: '焊接 OP30',
  QuestionDesc: '焊枪冷却水管漏水',
  SuggestDesc: '更换快插接头',
  ...overrides,
});
