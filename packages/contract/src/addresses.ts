// Where every call of the API lives and who may make it: its path (`POST /api/<path>`), and its access, decided
// by the server on the matched route. Public calls need no token; every other call needs one, and a call with
// `menu` or `role` answers only callers whose roles hold that menu or role; `isIdempotent` writes honour an
// Idempotency-Key. The request and answer schemas are in the domain modules (defineRoute). No zod here: the
// web app addresses its calls through this module, so the screens that never validate anything themselves
// (home, the layout, the session restore) load no schema library.
import type { MenuCode } from './menu-codes';

/** Role names the server knows (roles are data; these are the ones calls are tied to). */
/**
 * AppVerify reviews record edits; HRAdmin runs the HR console for the plants it administers (admin_plants);
 * SysAdmin administers every plant, the roles and the menus.
 */
export const ROLE_NAMES = ['Employee', 'AppVerify', 'HRAdmin', 'SysAdmin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export type Address = {
  path: string;
  isPublic?: boolean;
  /** The menu code (M01…) of the screen this call serves. */
  menu?: MenuCode;
  role?: RoleName;
  /** Repeats with the same `Idempotency-Key` header answer the first outcome instead of acting again. */
  isIdempotent?: boolean;
  /** The body is multipart/form-data (a file and its fields), not JSON. */
  isMultipart?: boolean;
};

export const ADDRESSES = {
  // Sign-in, tokens, password change and reset
  checkLogin: { path: 'Account/CheckLogin', isPublic: true },
  refreshToken: { path: 'Account/RefreshToken', isPublic: true },
  checkUserToken: { path: 'Account/CheckUserToken' },
  setLargeText: { path: 'Account/SetLargeText' },
  changePwd: { path: 'Account/ChangePwd' },
  resetPassword: { path: 'Account/ResetPassword', isPublic: true },
  logout: { path: 'Account/Logout', isPublic: true },
  // Menus
  getMenuList: { path: 'Menu/GetMenuList' },
  // Home: dictionaries, handbook flag, banners
  getStateBaseInfo: { path: 'Home/GetStateBaseInfo' },
  modifyReadStatus: { path: 'Home/ModifyReadStatus' },
  getBannerList: { path: 'Home/GetBannerList' },
  // Notices and messages
  modifyNotice: { path: 'SystemNotice/ModifyNotice', isIdempotent: true },
  getPersonNotice: { path: 'SystemNotice/GetPersonNotice', menu: 'M14' },
  getPersonMsg: { path: 'SystemNotice/GetPersonMsg' },
  modifyReadMsg: { path: 'SystemNotice/ModifyReadMsg' },
  // Attendance
  getAttRecordByEmpNo: { path: 'AttDay/GetAttRecordByEmpNo', menu: 'M03' },
  // Payslip
  getPersonSalaryByOld: { path: 'SalaryPayslip/GetPersonSalaryByOld', menu: 'M04' },
  // Meals, dormitory costs, the shoe cabinet
  getMeals: { path: 'LogisticsMeals/GetMeals', menu: 'M05' },
  getMealsDetail: { path: 'LogisticsMeals/GetMealsDetail', menu: 'M05' },
  getDormitoryCostForMobile: { path: 'LogisticsDormitory/GetDormitoryCostForMobile', menu: 'M06' },
  getCabinetForMobile: { path: 'LogisticsCabinet/GetCabinetForMobile', menu: 'M07' },
  updatePhotoToAtt: { path: 'LogisticsCabinet/UpdatePhotoToAtt', menu: 'M07' },
  remoteOpenCabinet: { path: 'LogisticsCabinet/RemoteOpenCabinet', menu: 'M07' },
  remoteOpenAllCabinet: { path: 'LogisticsCabinet/RemoteOpenAllCabinet', menu: 'M07' },
  getCommandState: { path: 'LogisticsCabinet/GetCommandState', menu: 'M07' },
  // Safety issues
  getMyEhs: { path: 'InspectionEhs/GetMyEhs', menu: 'M08' },
  // Personal records; their edits go through SystemNotice/ModifyNotice (APP_EDIT_*) to HR's review
  getEmployeeInfo: { path: 'EmployeeInduction/GetEmployeeInfo', menu: 'M01' },
  getTitleCer: { path: 'TitleCerFile/GetTitleCer' },
  getTitleCerWithUnVerify: { path: 'TitleCerFile/GetTitleCerWithUnVerify' },
  getBankCard: { path: 'EmployeeRoster/GetBankCard' },
  getPhotoUrl: { path: 'Home/GetPhotoUrl' },
  saveImageFromBase64: { path: 'Home/SaveImageFromBase64' },
  modifyUser: { path: 'User/ModifyUser' },
  updateAttPhoto: { path: 'Home/UpdateAttPhoto', isIdempotent: true },
  // Uploads
  uploadFileForMobile: { path: 'upload/UploadFileForMobile', isMultipart: true },
  uploadMultipleFileForMobile: { path: 'upload/UploadMultipleFileForMobile', isMultipart: true },
  // The reviewer's console
  getChangeList: { path: 'Review/GetChangeList', role: 'AppVerify' },
  getChangeDetail: { path: 'Review/GetChangeDetail', role: 'AppVerify' },
  approveChange: { path: 'Review/ApproveChange', role: 'AppVerify' },
  rejectChange: { path: 'Review/RejectChange', role: 'AppVerify' },
  getPendingCount: { path: 'Review/GetPendingCount', role: 'AppVerify' },
  // The employee's own change while it waits: what was sent, and taking it back
  getMyChange: { path: 'Review/GetMyChange' },
  withdrawChange: { path: 'Review/WithdrawChange' },
  // Realtime
  getSocketRole: { path: 'Group/GetSocketRole' },

  // Proposals, referral recruitment and registration: the public forms (rate-limited per address), their
  // lookups and anonymous upload, what the submitter and the referrer read back, HR's lists, WeChat sharing
  getImproveDeptInfo: { path: 'Home/GetImproveDeptInfo', isPublic: true },
  getDeptInfo: { path: 'Home/GetDeptInfo', isPublic: true },
  getImproveTeamData: { path: 'EmployeeBasic/GetImproveTeamData', isPublic: true },
  getTeamData: { path: 'EmployeeBasic/GetTeamData', isPublic: true },
  modifyProposalImproveDetail: { path: 'TrainMaterial/ModifyProposalImproveDetail', isPublic: true },
  addProposalStudy: { path: 'ToolSysCollection/AddProposalStudy', isPublic: true },
  uploadPublicFile: { path: 'upload/UploadPublicFile', isPublic: true, isMultipart: true },
  insertRecruitmentRegister: { path: 'RecruitmentRegister/InsertRecruitmentRegister', isPublic: true },
  getMyProposals: { path: 'Proposal/GetMyProposals' },
  getMyReferrals: { path: 'RecruitmentRegister/GetMyReferrals' },
  getProposalList: { path: 'Proposal/GetProposalList', role: 'HRAdmin' },
  setProposalStatus: { path: 'Proposal/SetProposalStatus', role: 'HRAdmin' },
  getCandidateList: { path: 'RecruitmentRegister/GetCandidateList', role: 'HRAdmin' },
  setCandidateStatus: { path: 'RecruitmentRegister/SetCandidateStatus', role: 'HRAdmin' },
  getShareData: { path: 'Wechat/GetShareData' },
  checkWxData: { path: 'Wechat/CheckWxData' },
  checkWorkWxData: { path: 'Wechat/CheckWorkWxData' },
  sendWxMsg: { path: 'Wechat/SendWxMsg' },
  // 消息送达: what became of the in-app messages relayed to WeCom, per event (HRAdmin of the workers' plants).
  // The worker's own choice of which reminders reach their WeCom.
  getMessageSettings: { path: 'Wechat/GetMessageSettings' },
  saveMessageSettings: { path: 'Wechat/SaveMessageSettings' },
  getWecomDeliveries: { path: 'Wechat/GetDeliveries', role: 'HRAdmin' },
  getWecomUndelivered: { path: 'Wechat/GetUndelivered', role: 'HRAdmin' },
  // Training: study list and records, video progress, exams and surveys (GetPersonExam and ModifyEmployeeExam
  // serve both; the service checks M11 or M09 by the paper's type)
  getTrainNotify: { path: 'TrainOrganize/GetTrainNotify', menu: 'M02' },
  modifyTrainStudyDetail: { path: 'TrainOrganize/ModifyTrainStudyDetail', menu: 'M02' },
  getStudyProgress: { path: 'TrainOrganize/GetStudyProgress', menu: 'M02' },
  modifyStudyProgress: { path: 'TrainOrganize/ModifyStudyProgress', menu: 'M02' },
  getTrainTest: { path: 'TrainExam/GetTrainTest', menu: 'M11' },
  getTrainTestWithDetail: { path: 'TrainExam/GetTrainTestWithDetail', menu: 'M11' },
  getPersonDemandSurvey: { path: 'TrainOrganize/GetPersonDemandSurvey', menu: 'M09' },
  getDemandSurveyDetail: { path: 'TrainOrganize/GetDemandSurveyDetail', menu: 'M09' },
  getPersonExam: { path: 'TrainOrganize/GetPersonExam' },
  modifyEmployeeExam: { path: 'TrainOrganize/ModifyEmployeeExam', isIdempotent: true },
  /** A published exam or survey: its attempt, started (or resumed) on the server, and the answers saved as it goes. */
  startPaperAttempt: { path: 'TrainExam/StartAttempt' },
  savePaperAnswers: { path: 'TrainExam/SaveAnswers' },
  // ——— The HR console (/admin) ———
  // Who the console's user is: roles and the plants they administer (any signed-in caller; the console shows
  // its pages by these, and every call below checks them again on the server).
  getConsoleSession: { path: 'Console/GetSession' },
  getDashboard: { path: 'Console/GetDashboard', role: 'HRAdmin' },
  getBackupStatus: { path: 'Console/GetBackups', role: 'SysAdmin' },
  // 收件箱: the feedback workers send, listed and answered by the HR of its plant
  getFeedbackList: { path: 'Inbox/GetFeedbackList', role: 'HRAdmin' },
  answerFeedback: { path: 'Inbox/AnswerFeedback', role: 'HRAdmin' },
  getInboxAssignees: { path: 'Inbox/GetAssignees', role: 'HRAdmin' },
  assignInboxItem: { path: 'Inbox/Assign', role: 'HRAdmin' },
  // 公告: HR's notices to an audience (HRAdmin of its plants; company-wide: SysAdmin), and the worker's 消息
  getAnnouncementList: { path: 'Announcement/GetList', role: 'HRAdmin' },
  getAnnouncement: { path: 'Announcement/Get', role: 'HRAdmin' },
  publishAnnouncement: { path: 'Announcement/Publish', role: 'HRAdmin', isIdempotent: true },
  withdrawAnnouncement: { path: 'Announcement/Withdraw', role: 'HRAdmin' },
  getAnnouncementReceipts: { path: 'Announcement/GetReceipts', role: 'HRAdmin' },
  getAnnouncementPending: { path: 'Announcement/GetPending', role: 'HRAdmin' },
  exportAnnouncementReceipts: { path: 'Announcement/ExportReceipts', role: 'HRAdmin' },
  remindAnnouncement: { path: 'Announcement/Remind', role: 'HRAdmin' },
  uploadAnnouncementFile: { path: 'Announcement/UploadFile', role: 'HRAdmin', isMultipart: true },
  getMyAnnouncements: { path: 'Announcement/GetMine' },
  getMyAnnouncement: { path: 'Announcement/GetMineOne' },
  acknowledgeAnnouncement: { path: 'Announcement/Acknowledge', isIdempotent: true },
  // 题库: the plant's questions in categories, to build exams and surveys from (HRAdmin of the category's plant)
  getQuestionCategories: { path: 'QuestionBank/GetCategories', role: 'HRAdmin' },
  saveQuestionCategory: { path: 'QuestionBank/SaveCategory', role: 'HRAdmin' },
  deleteQuestionCategory: { path: 'QuestionBank/DeleteCategory', role: 'HRAdmin' },
  getBankQuestions: { path: 'QuestionBank/GetQuestions', role: 'HRAdmin' },
  saveBankQuestion: { path: 'QuestionBank/SaveQuestion', role: 'HRAdmin', isIdempotent: true },
  deleteBankQuestions: { path: 'QuestionBank/DeleteQuestions', role: 'HRAdmin' },
  getBankTemplate: { path: 'QuestionBank/GetTemplate', role: 'HRAdmin' },
  importBankQuestions: { path: 'QuestionBank/Import', role: 'HRAdmin', isMultipart: true },
  exportBankQuestions: { path: 'QuestionBank/Export', role: 'HRAdmin' },
  // 考试与问卷: exams and surveys built from the bank and published to an audience (HRAdmin of all their plants)
  getPaperList: { path: 'Paper/GetList', role: 'HRAdmin' },
  publishPaper: { path: 'Paper/Publish', role: 'HRAdmin', isIdempotent: true },
  withdrawPaper: { path: 'Paper/Withdraw', role: 'HRAdmin' },
  getPaperResults: { path: 'Paper/GetResults', role: 'HRAdmin' },
  getPaperResultPeople: { path: 'Paper/GetResultPeople', role: 'HRAdmin' },
  getPaperPersonAttempts: { path: 'Paper/GetPersonAttempts', role: 'HRAdmin' },
  exportPaperResults: { path: 'Paper/ExportResults', role: 'HRAdmin' },
  // 轮播图: the home page's pictures, by the HR of the plants they are for (company-wide ones: SysAdmin)
  getBannerAdminList: { path: 'Banner/GetList', role: 'HRAdmin' },
  uploadBannerImage: { path: 'Banner/UploadImage', role: 'HRAdmin', isMultipart: true },
  createBanner: { path: 'Banner/Create', role: 'HRAdmin' },
  updateBanner: { path: 'Banner/Update', role: 'HRAdmin' },
  withdrawBanner: { path: 'Banner/Withdraw', role: 'HRAdmin' },
  // 员工手册 and 入职指引: versions published for plants, the acceptance of each handbook version (HRAdmin of its plants)
  getHandbookVersions: { path: 'Handbook/GetVersions', role: 'HRAdmin' },
  uploadHandbookVersion: { path: 'Handbook/UploadVersion', role: 'HRAdmin', isMultipart: true },
  withdrawHandbookVersion: { path: 'Handbook/WithdrawVersion', role: 'HRAdmin' },
  getHandbookAcceptance: { path: 'Handbook/GetAcceptance', role: 'HRAdmin' },
  getHandbookPending: { path: 'Handbook/GetPendingList', role: 'HRAdmin' },
  exportHandbookAcceptance: { path: 'Handbook/ExportAcceptance', role: 'HRAdmin' },
  // The background jobs that failed after their retries (SysAdmin), and putting one back to run
  getFailedJobs: { path: 'Console/GetFailedJobs', role: 'SysAdmin' },
  retryJob: { path: 'Console/RetryJob', role: 'SysAdmin' },
  // Monthly data imports (HRAdmin of the import's plant)
  uploadImport: { path: 'Import/Upload', role: 'HRAdmin', isMultipart: true },
  getImportJob: { path: 'Import/GetJob', role: 'HRAdmin' },
  listImportJobs: { path: 'Import/GetJobList', role: 'HRAdmin' },
  remapImport: { path: 'Import/Remap', role: 'HRAdmin' },
  commitImport: { path: 'Import/Commit', role: 'HRAdmin', isIdempotent: true },
  rollbackImport: { path: 'Import/Rollback', role: 'HRAdmin', isIdempotent: true },
  getRejectedRows: { path: 'Import/GetRejectedRows', role: 'HRAdmin' },
  getImportTemplate: { path: 'Import/GetTemplate', role: 'HRAdmin' },
  // Payslip batches (HRAdmin of the batch's plant), and the employee's answer on the payslip screen (M04)
  listPayslipBatches: { path: 'PayslipBatch/GetList', role: 'HRAdmin' },
  publishPayslipBatch: { path: 'PayslipBatch/Publish', role: 'HRAdmin', isIdempotent: true },
  withdrawPayslipBatch: { path: 'PayslipBatch/Withdraw', role: 'HRAdmin', isIdempotent: true },
  previewPayslip: { path: 'PayslipBatch/Preview', role: 'HRAdmin' },
  listPayslipDisputes: { path: 'PayslipBatch/GetDisputes', role: 'HRAdmin' },
  answerPayslipDispute: { path: 'PayslipBatch/AnswerDispute', role: 'HRAdmin', isIdempotent: true },
  exportPayslipBatch: { path: 'PayslipBatch/Export', role: 'HRAdmin' },
  listPayslipViews: { path: 'PayslipBatch/GetViews', role: 'HRAdmin' },
  confirmPayslip: { path: 'SalaryPayslip/Confirm', menu: 'M04', isIdempotent: true },
  disputePayslipLine: { path: 'SalaryPayslip/Dispute', menu: 'M04', isIdempotent: true },
  // People and accounts (HRAdmin of the employee's plant; roles and menus: SysAdmin), the audit-log search
  searchPeople: { path: 'People/Search', role: 'HRAdmin' },
  getPlantTeams: { path: 'People/GetPlantTeams', role: 'HRAdmin' },
  createPerson: { path: 'People/Create', role: 'HRAdmin' },
  updatePerson: { path: 'People/Update', role: 'HRAdmin' },
  transferPerson: { path: 'People/Transfer', role: 'HRAdmin' },
  markPersonLeft: { path: 'People/MarkLeft', role: 'HRAdmin' },
  reinstatePerson: { path: 'People/Reinstate', role: 'HRAdmin' },
  issuePersonResetCode: { path: 'People/IssueResetCode', role: 'HRAdmin' },
  unlockPerson: { path: 'People/Unlock', role: 'HRAdmin' },
  unbindPlatformAccount: { path: 'People/UnbindPlatformAccount', role: 'HRAdmin' },
  setPersonRoles: { path: 'People/SetRoles', role: 'SysAdmin' },
  getRoleCatalog: { path: 'People/GetRoles', role: 'SysAdmin' },
  setRoleMenus: { path: 'People/SetRoleMenus', role: 'SysAdmin' },
  searchAuditLog: { path: 'AuditLog/Search', role: 'HRAdmin' },
  // 公司信息: the company's face (name, title, logo, footer, plant and department names), public to read and set by
  // the SysAdmin
  getSiteFace: { path: 'Site/GetFace', isPublic: true },
  getSiteSettings: { path: 'Site/GetSettings', role: 'SysAdmin' },
  saveSiteSettings: { path: 'Site/Save', role: 'SysAdmin' },
  uploadSiteLogo: { path: 'Site/UploadLogo', role: 'SysAdmin', isMultipart: true },
  // 学习资料: HR's uploaded videos and documents (HRAdmin of the material's plant; the bytes come by tus at
  // materials.ts's MATERIAL_UPLOAD_PATH, whose access is the same role)
  getMaterialList: { path: 'TrainMaterial/GetList', role: 'HRAdmin' },
  getMaterial: { path: 'TrainMaterial/Get', role: 'HRAdmin' },
  renameMaterial: { path: 'TrainMaterial/Rename', role: 'HRAdmin' },
  deleteMaterial: { path: 'TrainMaterial/Delete', role: 'HRAdmin' },
  assignMaterial: { path: 'TrainMaterial/Assign', role: 'HRAdmin', isIdempotent: true },
  getMaterialAssignments: { path: 'TrainMaterial/GetAssignments', role: 'HRAdmin' },
  getAssignmentProgress: { path: 'TrainMaterial/GetProgress', role: 'HRAdmin' },
  getAssignmentPeople: { path: 'TrainMaterial/GetProgressPeople', role: 'HRAdmin' },
  exportAssignmentProgress: { path: 'TrainMaterial/ExportProgress', role: 'HRAdmin' },
  remindAssignment: { path: 'TrainMaterial/Remind', role: 'HRAdmin' },
  withdrawAssignment: { path: 'TrainMaterial/WithdrawAssignment', role: 'HRAdmin' },
  // ——— end of the HR console ———
} as const satisfies Record<string, Address>;

export type AddressName = keyof typeof ADDRESSES;
