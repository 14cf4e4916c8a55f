// The texts the app shell and the sign-in screen show: the app's name, the loading state, the api client's
// failures, every route's title (the route table and the document title) and /login's form. Part of the first
// download, so only these belong here; every other screen's texts live in ./zh-CN.ts, which includes these.
export const zhCNShell = {
  app: {
    /** The app's own title, until the SysAdmin sets the company's (公司信息). */
    title: '员工自助系统',
  },
  common: {
    loading: '加载中…',
    /** 重试 where a screen's code did not arrive (app/load-boundary.tsx). */
    retryLoad: '重试',
  },
  api: {
    serverError: '请求服务器错误,请稍后重试',
    unauthorized: '登录已过期,请重新登录',
    /** The socket was closed because HR marked the employee as left (lib/realtime.ts). */
    accountDisabled: '该账号已停用（已离职），如有疑问请联系人事',
  },
  routes: {
    login: '登录',
    register: '推荐登记',
    resetPassword: '重置密码',
    proposalImprove: '改善提案',
    proposalStudy: '整改学习',
    home: '首页',
    feedback: '意见反馈',
    myAtt: '我的考勤',
    mySalary: '我的工资',
    meals: '餐费扣款',
    personStay: '住宿费用',
    cabinet: '我的鞋柜',
    myEhs: '安全问题',
    paperList: '在线考试',
    paperDetail: '考试答题',
    materialManage: '物料查询',
    recruitmentShare: '内部推荐',
    personSetting: '个人设置',
    changePassword: '修改密码',
    personPhoto: '人脸照片',
    empHandbook: '员工手册',
    empZhiyin: '入职指引',
    learnList: '学习中心',
    videoLearn: '学习',
    personCenter: '我的',
    myBank: '银行卡',
    myEducation: '个人信息',
    myWork: '工作经历',
    titleEvaluation: '职称评定',
    skillEvaluation: '技能评定',
    myOption: '我的消息',
    announcements: '公告',
    announcementDetail: '公告详情',
    myDemand: '问卷调查',
    demandDetail: '问卷详情',
    selfHelp: '自助帮助',
    reviewList: '资料审核',
    reviewDetail: '审核详情',
    hrSubmissions: '提案与推荐',
    notFound: '页面未找到',
  },
  login: {
    account: '账号',
    accountPlaceholder: '请输入工号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    accountRequired: '请输入账号',
    passwordRequired: '请输入密码',
    agreePrefix: '我已阅读并同意',
    handbookLink: '《员工手册》',
    submit: '登录',
    submitting: '验证中',
    failed: '登录失败',
    logoAlt: (name: string) => `${name}标志`,
    /** The ICP filing number links to the MIIT's filing site, as the filing rules ask. */
    icpFilingLink: (number: string) => `${number}（工业和信息化部备案查询）`,
    clear: '清除',
    /** Why the page is shown after the silent sign-in inside WeCom did not work (?notice= from the server). */
    notices: {
      'wecom-failed': '企业微信自动登录未成功，请用工号和密码登录',
      'wecom-unknown': '企业微信账号未关联员工，请用工号和密码登录',
      'wecom-bind': '首次在企业微信中使用，请用工号和密码登录一次，之后将自动登录',
      'wechat-bind': '首次在微信中使用，请用工号和密码登录一次，之后将自动登录',
      'wechat-failed': '微信自动登录未成功，请用工号和密码登录',
      'account-left': '该账号已停用（已离职），如有疑问请联系人事',
    } as Record<string, string>,
  },
} as const;

export const t = zhCNShell;
