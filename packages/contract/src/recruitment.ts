// Referral recruitment (SPEC §2 /register, §3 Candidate, §5): the candidate's registration through an employee's
// referral link (public), the candidates the referrer sees on the share page, and HR's list of them.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { blankToUndefined, defineRoute, empty, jsonText, optionalFilter, requiredFile, text } from './common';
import { inboxWork, optionalAnswer, submissionFilter } from './inbox';
import { EMPLOYEE_NUMBER } from './proposals';

export const CANDIDATE_STATUSES = ['REGISTERED', 'CONTACTED', 'HIRED', 'REJECTED'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
export const CANDIDATE_STATUS_WORDS: Record<CandidateStatus, string> = {
  REGISTERED: '已登记',
  CONTACTED: '已联系',
  HIRED: '已录用',
  REJECTED: '未录用',
};

/** The ages a candidate may give (labour law's 16, retirement). */
export const CANDIDATE_MIN_AGE = 16;
export const CANDIDATE_MAX_AGE = 65;
/** What a registration answers, and what the page shows afterwards (SPEC §4). */
export const REGISTERED_MESSAGE = '信息已提交,请耐心等待';
/** The cookie the page sets to 1 after a registration (SPEC §4). */
export const REGISTERED_COOKIE = 'ess_registered';

/** The registration form (SPEC §5: name, age in digits, position and resume required). */
export const registerForm = z.object({
  UserName: text('姓名', { missing: '请填写姓名' })
    .trim()
    .min(1, { error: '请填写姓名' })
    .max(32, { error: '姓名最多 32 字' }),
  UserAge: z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank === 'number') return String(blank);
      return typeof blank === 'string' ? blank.trim() : blank;
    },
    z
      .string({ error: '请填写年龄' })
      .regex(/^\d{1,3}$/, { error: '年龄只能填写数字' })
      .transform(Number)
      .refine((age) => age >= CANDIDATE_MIN_AGE && age <= CANDIDATE_MAX_AGE, {
        error: `年龄应在 ${CANDIDATE_MIN_AGE}–${CANDIDATE_MAX_AGE} 岁之间`,
      }),
  ),
  PositionApply: text('应聘岗位', { missing: '请填写应聘岗位' })
    .trim()
    .min(1, { error: '请填写应聘岗位' })
    .max(64, { error: '应聘岗位最多 64 字' }),
  FilePath: requiredFile('请上传简历'),
  /** From the referral link (?empNo=…). */
  ReferrerEmp: z.preprocess(
    blankToUndefined,
    z.string({ error: '推荐链接无效，请向推荐人重新获取' }).regex(EMPLOYEE_NUMBER, {
      error: '推荐链接无效，请向推荐人重新获取',
    }),
  ),
});
export type RegisterForm = z.input<typeof registerForm>;

/** A candidate the referrer sees: the name masked (张*), when, and where it stands. */
export const myReferral = z.object({
  id: z.number(),
  maskedName: z.string(),
  positionApply: z.string(),
  createdAt: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  /** HR's answer with its decision; empty while there is none. */
  answer: z.string(),
});
export type MyReferral = z.infer<typeof myReferral>;

export const candidateRow = z.object({
  id: z.number(),
  bu: z.string(),
  userName: z.string(),
  userAge: z.number(),
  positionApply: z.string(),
  filePath: z.string(),
  referrerEmpNo: z.string(),
  referrerName: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  createdAt: z.string(),
  ...inboxWork,
  answer: z.string(),
});
export type CandidateRow = z.infer<typeof candidateRow>;

const recordId = z.coerce
  .number({ error: '记录编号无效' })
  .int({ error: '记录编号无效' })
  .positive({ error: '记录编号无效' })
  .max(2_147_483_647, { error: '记录编号无效' });

/** HR's filters of candidates: the 收件箱's and the status. */
export const candidateFilter = submissionFilter.extend({
  status: optionalFilter(z.enum(CANDIDATE_STATUSES, { error: '状态无效' })),
});

export const recruitmentRoutes = {
  insertRecruitmentRegister: defineRoute(ADDRESSES.insertRecruitmentRegister, {
    request: z.object({ modify: jsonText(registerForm) }, { error: '提交内容无效' }),
    data: z.null(),
  }),
  getMyReferrals: defineRoute(ADDRESSES.getMyReferrals, { request: empty, data: z.array(myReferral) }),
  getCandidateList: defineRoute(ADDRESSES.getCandidateList, { request: candidateFilter, data: z.array(candidateRow) }),
  setCandidateStatus: defineRoute(ADDRESSES.setCandidateStatus, {
    request: z.object({
      id: recordId,
      status: z.enum(CANDIDATE_STATUSES, { error: '状态无效' }),
      answer: optionalAnswer,
    }),
    data: z.null(),
  }),
};
