// Every query key in one module, by domain: a mutation invalidates what it changed by naming the keys
// here, and a screen's query cannot drift from what the mutation invalidates.
export const queryKeys = {
  attendance: { recentDays: ['attendance', 'recent-days'] },
  salary: { payslip: (month: string) => ['salary', 'payslip', month] },
  inspection: { myEhs: ['inspection', 'my-ehs'] },
  /** Which reminders reach the worker's WeCom (Wechat/GetMessageSettings). */
  account: { messageSettings: ['account', 'message-settings'] },
  logistics: {
    cabinet: ['logistics', 'cabinet'],
    meals: ['logistics', 'meals'],
    mealsDetail: (month: string | undefined) => ['logistics', 'meals', 'detail', month],
    dormitory: ['logistics', 'dormitory'],
    /** A cabinet command followed until it settles. */
    command: (id: number) => ['logistics', 'command', id],
  },
  home: {
    banners: ['home', 'banners'],
    unreadMessages: ['home', 'unread-messages'],
    /** Home/GetStateBaseInfo: one HR dictionary (MAJOR, CARD, POLI, REL, FERT). */
    dictionary: (stateType: string) => ['home', 'dictionary', stateType],
  },
  /**
   * The personal records. Every key starts with `all`: a change sent for review invalidates it, and so does a
   * decision pushed over the socket.
   */
  records: {
    all: ['records'],
    employeeInfo: ['records', 'employee-info'],
    certificates: (cerType: string) => ['records', 'certificates', cerType],
    bankCard: ['records', 'bank-card'],
    /** The caller's own change request of a kind while it waits (Review/GetMyChange). */
    changeRequest: (kind: string) => ['records', 'change-request', kind],
  },
  /** HR's notices to the caller (公告): the list, each one; 我已阅读 invalidates `all`. */
  announcements: {
    all: ['announcements'],
    mine: ['announcements', 'mine'],
    one: (id: number) => ['announcements', 'one', id] as const,
  },
  /** The employee's own notices (/user/my-option): feedback and record changes with their review. */
  notices: { person: ['notices', 'person'] },
  /** Record change requests in the reviewers' console (role AppVerify): lists by status and filters, each request, the pending count. */
  changeRequests: {
    all: ['change-requests'],
    lists: ['change-requests', 'list'],
    list: (filter: { status: string; bu: string; kind: string }) =>
      ['change-requests', 'list', filter.status, filter.bu, filter.kind] as const,
    details: ['change-requests', 'detail'],
    detail: (id: number) => ['change-requests', 'detail', id] as const,
    pendingCount: ['change-requests', 'pending-count'],
  },
  /** The public forms' lookups, what the submitter and the referrer read back, HR's lists of submissions. */
  proposals: {
    improveDepts: (bu: string) => ['proposals', 'improve-depts', bu],
    improveTeams: (bu: string) => ['proposals', 'improve-teams', bu],
    depts: (bu: string, level: number) => ['proposals', 'depts', bu, level],
    mine: ['proposals', 'mine'],
    referrals: ['recruitment', 'referrals'],
    hr: ['hr-submissions'],
    /** Inbox/GetFeedbackList: the workers' feedback of the HR's plants. */
    feedback: ['hr-submissions', 'feedback'],
    /** Inbox/GetAssignees: the HR colleagues of a plant. */
    assignees: (bu: string) => ['inbox-assignees', bu] as const,
    hrList: (what: string, filter: Record<string, string>) => ['hr-submissions', what, filter] as const,
  },
  /** Training: the study list, a video's progress, exams and surveys with the caller's answers. */
  training: {
    all: ['training'],
    studyItems: ['training', 'study-items'],
    progress: (studyId: number) => ['training', 'progress', studyId] as const,
    papers: (examType: string) => ['training', 'papers', examType] as const,
    paper: (examType: string, id: number) => ['training', 'paper', examType, id] as const,
    answer: (examType: string, id: number) => ['training', 'answer', examType, id] as const,
  },
  /**
   * The HR console (/admin). Each page's keys start with its group's own key, which its mutations invalidate;
   * the import jobs' pushes (lib/realtime.ts) invalidate `imports`.
   */
  console: {
    /** Console/GetDashboard of one plant ('' = each of the caller's). */
    dashboard: (bu: string) => ['console', 'dashboard', bu] as const,
    session: ['console', 'session'],
    /** Console/GetBackups: the scheduled backups' latest runs (SysAdmin). */
    backups: ['console', 'backups'],
    /** Console/GetFailedJobs: the background jobs that failed after their retries (SysAdmin). */
    failedJobs: ['console', 'failed-jobs'],
    /** 轮播图: the banners HR administers (Banner/GetList), by filter and page. */
    banners: ['console', 'banners'],
    bannerList: (filter: { bu: string; state: string }, page: number) =>
      ['console', 'banners', 'list', filter.bu, filter.state, page] as const,
    /** Site/GetSettings: the company's face as the SysAdmin edits it (公司信息). */
    site: ['console', 'site'],
    imports: ['console', 'imports'],
    importJob: (id: number) => ['console', 'imports', 'job', id] as const,
    importList: (bu: string, page: number) => ['console', 'imports', 'list', bu, page] as const,
    batches: ['console', 'batches'],
    batchList: (page: number) => ['console', 'batches', 'list', page] as const,
    batchDisputes: (batchId: number) => ['console', 'batches', 'disputes', batchId] as const,
    batchViews: (batchId: number, empNo: string, page: number) =>
      ['console', 'batches', 'views', batchId, empNo, page] as const,
    /** The employees a batch's preview offers, found by number or name. */
    peopleSearch: (bu: string, typed: string) => ['console', 'people-search', bu, typed] as const,
    people: ['console', 'people'],
    peopleList: (filter: object, page: number) => ['console', 'people', 'list', filter, page] as const,
    roleCatalog: ['console', 'people', 'roles'],
    plantTeams: (bu: string | undefined) => ['console', 'plant-teams', bu] as const,
    auditList: (filter: object, page: number) => ['console', 'audit', filter, page] as const,
    /** 公告: the list, one notice, its receipts and who has not. */
    announcements: ['console', 'announcements'],
    announcementList: (filter: object, page: number) => ['console', 'announcements', 'list', filter, page] as const,
    announcement: (id: number) => ['console', 'announcements', 'one', id] as const,
    announcementReceipts: (id: number, bu: string) => ['console', 'announcements', 'receipts', id, bu] as const,
    announcementPending: (id: number, bu: string, kind: string, page: number) =>
      ['console', 'announcements', 'pending', id, bu, kind, page] as const,
    /** 员工手册: the versions of both kinds and the handbook's acceptance (a publication or withdrawal reads all again). */
    handbook: ['console', 'handbook'],
    /** 题库: the categories of a plant ('' = each of the caller's) and the questions by filter and page. */
    questionBank: ['console', 'question-bank'],
    bankCategories: (bu: string) => ['console', 'question-bank', 'categories', bu] as const,
    bankQuestions: (filter: object, page: number) => ['console', 'question-bank', 'questions', filter, page] as const,
    /** 考试与问卷: the published papers by filter and page. */
    papers: ['console', 'papers'],
    paperList: (filter: object, page: number) => ['console', 'papers', 'list', filter, page] as const,
    paperResults: (id: number) => ['console', 'papers', 'results', id] as const,
    /** 消息送达: events by plant and page, and one event's undelivered people. */
    wecomDeliveries: (bu: string, page: number) => ['console', 'wecom-deliveries', bu, page] as const,
    wecomUndelivered: (key: string, bu: string, page: number) =>
      ['console', 'wecom-deliveries', 'undelivered', key, bu, page] as const,
    paperResultPeople: (id: number, filter: object, page: number) =>
      ['console', 'papers', 'results', id, 'people', filter, page] as const,
    paperPersonAttempts: (id: number, employeeId: number) =>
      ['console', 'papers', 'results', id, 'person', employeeId] as const,
    /** 学习资料: the list by filter and page (an upload, rename or delete reads it again). */
    materials: ['console', 'materials'],
    /** A material's assignments, one assignment's progress and its people by standing (under materials: a change reads all again). */
    materialAssignments: (materialId: number) => ['console', 'materials', 'assignments', materialId] as const,
    assignmentProgress: (id: number) => ['console', 'materials', 'progress', id] as const,
    assignmentPeople: (id: number, standing: string, page: number) =>
      ['console', 'materials', 'people', id, standing, page] as const,
    materialList: (filter: object, page: number) => ['console', 'materials', 'list', filter, page] as const,
  },
} as const;
