// Business failures: one table of error codes with the Chinese message a user sees and the HTTP status
// that carries it. Services, the CLI and jobs throw BusinessError without knowing about HTTP.

type ErrorSpec = { message: string; status: 200 | 401 | 403 | 404 };

/** `{name}` in a message is filled from the error's params. */
export const ERRORS = {
  UNAUTHORIZED: { message: '登录已过期,请重新登录', status: 401 },
  FORBIDDEN: { message: '权限不足', status: 403 },
  NOT_FOUND: { message: '接口不存在', status: 404 },
  INVALID_INPUT: { message: '{detail}', status: 200 },
  LOGIN_FAILED: { message: '账号或密码错误', status: 200 },
  ACCOUNT_LOCKED: { message: '密码错误次数过多，账号已锁定，请 {minutes} 分钟后再试', status: 200 },
  LOGIN_TOO_FREQUENT: { message: '登录尝试过于频繁，请稍后再试', status: 200 },
  SESSION_OVER: { message: '登录已过期,请重新登录', status: 200 },
  EMPLOYEE_NOT_FOUND: { message: '用户不存在', status: 200 },
  EMPLOYEE_NO_UNKNOWN: { message: '工号 {empNo} 不存在', status: 200 },
  OLD_PASSWORD_WRONG: { message: '原密码错误', status: 200 },
  PASSWORD_UNCHANGED: { message: '新密码不能与原密码相同', status: 200 },
  RESET_CODE_INVALID: { message: '重置链接无效或已过期，请联系人事重新获取', status: 200 },
  PAYSLIP_MONTH_NOT_ALLOWED: { message: '只能查询上月及上上月的工资', status: 200 },
  PAYSLIP_TYPE_INVALID: { message: '工资单类型异常，请联系人事部门', status: 200 },
  CABINET_NOT_FOUND: { message: '未找到您的柜子', status: 200 },
  CABINETS_UNKNOWN: { message: '未找到柜子：{boxes}', status: 200 },
  NO_PERMISSION: { message: '无权限执行此操作', status: 200 },
  OUTSIDE_SYSTEM_FAILED: { message: '{detail}', status: 200 },
  IDEMPOTENCY_KEY_REUSED: { message: '请求标识已用于其他操作，请刷新页面后重试', status: 200 },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

export const errorMessage = (code: ErrorCode, params: Record<string, string | number> = {}) =>
  ERRORS[code].message.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

/** A refusal the user is told about: HTTP 200 `result:false` unless the table says otherwise. */
export class BusinessError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, params: Record<string, string | number> = {}) {
    super(errorMessage(code, params));
    this.code = code;
    this.status = ERRORS[code].status;
  }
}
