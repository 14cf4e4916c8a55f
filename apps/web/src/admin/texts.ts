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

export const ROLE_LABELS: Record<string, string> = {
  Employee: '员工',
  HRAdmin: '人事管理员',
  AppVerify: '资料审核员',
  SysAdmin: '系统管理员',
};

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'person.create': '新建员工',
  'person.update': '修改员工',
  'person.transfer': '调动工厂',
  'person.leave': '标记离职',
  'person.reinstate': '恢复在职',
  'person.unlock': '解除锁定',
  'person.roles': '分配角色',
  'role.menus': '角色菜单',
  'password.reset-code-issued': '签发重置码',
  'password.reset': '重置密码',
  'password.change': '修改密码',
  'session.refresh-token-replayed': '刷新令牌被重放',
  'import.commit': '提交导入',
  'import.rollback': '回滚导入',
  'payslip-batch.publish': '发布工资单',
  'payslip-batch.withdraw': '撤回工资单',
};

/** Field names in the audit log's before/after, as the log page shows them. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  empNo: '工号',
  name: '姓名',
  bu: '工厂',
  deptName: '部门',
  teamName: '班组',
  titleName: '职务',
  empType: '工资单类型',
  enterDate: '入职日期',
  leftOn: '离职日期',
  roles: '角色',
  adminPlants: '所管工厂',
  menuCodes: '菜单',
  role: '角色',
  failures: '失败次数',
  lockedUntil: '锁定至',
  expiresAt: '有效期至',
  mustChangePassword: '须修改密码',
  status: '状态',
  version: '版本',
};
