// Every text of the HR console. Kept apart from i18n/zh-CN.ts, which the employee app's sign-in screen loads:
// the console's words would only weigh on the phones.
export const ct = {
  title: '人事管理后台',
  loading: '加载中…',
  signIn: {
    title: '登录人事管理后台',
    account: '工号',
    password: '密码',
    submit: '登录',
    accountRequired: '请输入工号',
    passwordRequired: '请输入密码',
  },
  noAccess: '您没有人事管理或资料审核权限。',
  backToApp: '返回员工自助',
  signOut: '退出登录',
  plants: '所管工厂',
  menu: {
    imports: '数据导入',
    batches: '工资单发布',
    people: '员工与账号',
    audit: '操作日志',
    review: '资料审核',
  },
  notFound: '页面不存在',
} as const;
