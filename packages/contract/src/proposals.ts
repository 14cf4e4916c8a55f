// Proposals (SPEC §3, §5): the monthly improvement proposal (TrainMaterial/ModifyProposalImproveDetail) and the
// rectification / learning proposal (ToolSysCollection/AddProposalStudy), the department and team lookups their
// public forms need, the anonymous upload of their picture, what a signed-in submitter reads back in
// /user/my-option, and HR's list of them by plant and month.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import {
  blankToUndefined,
  camelPagingFields,
  defineRoute,
  jsonText,
  lookupChoice,
  optionalFile,
  optionalFilter,
  optionalText,
  plant,
  requiredText,
} from './common';
import { inboxWork, optionalAnswer, submissionFilter } from './inbox';
import type { Plant } from './plants';

/** The plants of the improvement form's overlay (SPEC §4: NT commercial vehicles or HZ). */
export const IMPROVE_PLANTS = ['NT', 'HZ'] as const;
/** The plants of the rectification / learning form (SPEC §5). */
export const STUDY_PLANTS = ['BJ', 'AQ', 'LZ', 'JY'] as const;
/** The improvement departments of NT are those of NT, GT and NY (SPEC §9). */
export const IMPROVE_DEPT_PLANTS: Record<string, readonly Plant[]> = { NT: ['NT', 'GT', 'NY'] };
export const improveDeptPlantsOf = (bu: string): readonly string[] => IMPROVE_DEPT_PLANTS[bu] ?? [bu];

/** What the forms call each plant. */
export const PLANT_LABELS: Record<Plant, string> = {
  NT: '南通商用车',
  GT: '港田',
  NY: '南园',
  HZ: '杭州',
  BJ: '北京',
  AQ: '安庆',
  LZ: '柳州',
  JY: '江阴',
};

export const CLASS_TYPES = ['人', '机', '料', '法', '环'] as const;
export const PROPOSAL_TYPES = ['ADJUST', 'STUDY'] as const;
export type ProposalType = (typeof PROPOSAL_TYPES)[number];

/** Every proposal kept: the improvement proposal and the two kinds of the study form. */
export const PROPOSAL_KINDS = ['IMPROVE', 'ADJUST', 'STUDY'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_KIND_WORDS: Record<ProposalKind, string> = {
  IMPROVE: '改善提案',
  ADJUST: '整改提案',
  STUDY: '学习提案',
};

export const PROPOSAL_STATUSES = ['SUBMITTED', 'ACCEPTED', 'REJECTED'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUS_WORDS: Record<ProposalStatus, string> = {
  SUBMITTED: '待处理',
  ACCEPTED: '已采纳',
  REJECTED: '未采纳',
};

/** Employee numbers as HR issues them. */
export const EMPLOYEE_NUMBER = /^[A-Za-z0-9]{1,32}$/;

/** The improvement proposal form (SPEC §3 Improvement proposal, §5 its messages). */
export const improveProposalForm = z.object({
  Bu: z.enum(IMPROVE_PLANTS, { error: '请选择工厂' }),
  ImproveDept: lookupChoice('请选择提案部门'),
  TeamNo: lookupChoice('请选择班组'),
  AssistDept: lookupChoice('请选择协助部门'),
  ImproveName: requiredText('提案名称', '请填写提案名称', 100),
  ImproveEmpName: requiredText('员工姓名', '请填写员工姓名', 64),
  ImproveEmpNo: requiredText('员工工号', '请填写员工工号', 32).regex(EMPLOYEE_NUMBER, {
    error: '员工工号只能包含字母和数字',
  }),
  ImproveDetail: requiredText('提案内容', '请填写提案内容', 2000),
  ImageNo: optionalText('图片编号', 32),
  ImproveSuggest: requiredText('改善建议', '请填写改善建议', 2000),
  FilePath: optionalFile,
});
export type ImproveProposalForm = z.input<typeof improveProposalForm>;

/** The rectification (ADJUST) / learning (STUDY) form: the department only for a rectification. */
export const studyProposalForm = z
  .object({
    ProposalType: z.enum(PROPOSAL_TYPES, { error: '请选择整改或学习' }),
    Bu: z.preprocess(blankToUndefined, z.enum(STUDY_PLANTS, { error: '请选择提交工厂' })),
    ClassType: z.preprocess(blankToUndefined, z.enum(CLASS_TYPES, { error: '请选择类别' })),
    DeptNo: z.preprocess(blankToUndefined, z.string().max(32, { error: '请选择整改部门' }).optional()),
    Presenter: requiredText('提出人', '请填写提出人', 64),
    WorkNo: requiredText('工序', '请填写工序', 64),
    QuestionDesc: requiredText('问题描述', '请填写问题描述', 2000),
    SuggestDesc: requiredText('改善建议', '请填写改善建议', 2000),
    FilePath: optionalFile,
  })
  .refine((form) => form.ProposalType !== 'ADJUST' || form.DeptNo !== undefined, {
    error: '请选择整改部门',
    path: ['DeptNo'],
  });
export type StudyProposalForm = z.input<typeof studyProposalForm>;

export const department = z.object({ deptNo: z.string(), deptName: z.string(), bu: z.string() });
export type Department = z.infer<typeof department>;
export const team = z.object({ teamNo: z.string(), teamName: z.string(), bu: z.string() });
export type Team = z.infer<typeof team>;

/** One of the signed-in employee's own proposals (/user/my-option). */
export const myProposal = z.object({
  id: z.number(),
  kind: z.enum(PROPOSAL_KINDS),
  title: z.string(),
  bu: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  createdAt: z.string(),
  /** HR's answer with its decision; empty while there is none. */
  answer: z.string(),
});
export type MyProposal = z.infer<typeof myProposal>;

/** A proposal as HR reads it. */
export const proposalRow = z.object({
  id: z.number(),
  kind: z.enum(PROPOSAL_KINDS),
  bu: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  /** 提案名称 (improvement) or the first words of the description. */
  title: z.string(),
  deptName: z.string(),
  teamName: z.string(),
  assistDeptName: z.string(),
  /** The employee named on the form (improvement), or the presenter. */
  empName: z.string(),
  empNo: z.string(),
  classType: z.string(),
  workNo: z.string(),
  imageNo: z.string(),
  detail: z.string(),
  suggestion: z.string(),
  filePath: z.string().nullable(),
  /** The account that sent it, when signed in; empty for an anonymous submission. */
  submittedByEmpNo: z.string(),
  createdAt: z.string(),
  ...inboxWork,
  answer: z.string(),
});
export type ProposalRow = z.infer<typeof proposalRow>;

/** HR's filters of proposals: the 收件箱's, the kind and the status. */
export const proposalFilter = submissionFilter.extend({
  kind: optionalFilter(z.enum(PROPOSAL_KINDS, { error: '提案类型无效' })),
  status: optionalFilter(z.enum(PROPOSAL_STATUSES, { error: '状态无效' })),
});

const recordId = z.coerce
  .number({ error: '记录编号无效' })
  .int({ error: '记录编号无效' })
  .positive({ error: '记录编号无效' })
  .max(2_147_483_647, { error: '记录编号无效' });

const plantQuery = z.object({ bu: plant });

export const proposalsRoutes = {
  getImproveDeptInfo: defineRoute(ADDRESSES.getImproveDeptInfo, { request: plantQuery, data: z.array(department) }),
  getDeptInfo: defineRoute(ADDRESSES.getDeptInfo, {
    request: z.object({
      bu: plant,
      level: z.coerce.number({ error: '部门层级无效' }).int().min(1, { error: '部门层级无效' }).max(3).default(1),
    }),
    data: z.array(department),
  }),
  getImproveTeamData: defineRoute(ADDRESSES.getImproveTeamData, { request: plantQuery, data: z.array(team) }),
  getTeamData: defineRoute(ADDRESSES.getTeamData, { request: plantQuery, data: z.array(team) }),
  modifyProposalImproveDetail: defineRoute(ADDRESSES.modifyProposalImproveDetail, {
    request: z.object({ modify: jsonText(improveProposalForm) }, { error: '提交内容无效' }),
    data: z.null(),
  }),
  addProposalStudy: defineRoute(ADDRESSES.addProposalStudy, {
    request: z.object({ modify: jsonText(studyProposalForm) }, { error: '提交内容无效' }),
    data: z.null(),
  }),
  getMyProposals: defineRoute(ADDRESSES.getMyProposals, {
    request: z.object(camelPagingFields()),
    data: z.array(myProposal),
  }),
  getProposalList: defineRoute(ADDRESSES.getProposalList, {
    request: proposalFilter,
    data: z.array(proposalRow),
  }),
  setProposalStatus: defineRoute(ADDRESSES.setProposalStatus, {
    request: z.object({
      id: recordId,
      status: z.enum(PROPOSAL_STATUSES, { error: '状态无效' }),
      answer: optionalAnswer,
    }),
    data: z.null(),
  }),
};
