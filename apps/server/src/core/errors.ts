// Business failures: one table of error codes with the Chinese message a user sees and the HTTP status
// that carries it. Services, the CLI and jobs throw BusinessError without knowing about HTTP.

type ErrorSpec = { message: string; status: 200 | 401 | 403 | 404 | 503 };

/** `{name}` in a message is filled from the error's params. */
export const ERRORS = {
  UNAUTHORIZED: { message: '登录已过期,请重新登录', status: 401 },
  FORBIDDEN: { message: '权限不足', status: 403 },
  NOT_FOUND: { message: '接口不存在', status: 404 },
  /** The server sheds calls while overloaded (http/operations.ts); the answer carries Retry-After. */
  SERVER_BUSY: { message: '系统繁忙，请稍后再试', status: 503 },
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
  UPLOAD_MISSING: { message: '请选择要上传的文件', status: 200 },
  UPLOAD_ONE_FILE: { message: '每次只能上传一个文件', status: 200 },
  UPLOAD_TOO_MANY: { message: '每次最多上传 {max} 个文件', status: 200 },
  UPLOAD_TOO_LARGE: { message: '文件过大，最大 {max} MB', status: 200 },
  UPLOAD_TOO_LARGE_KB: { message: '文件过大，最大 {max} KB', status: 200 },
  UPLOAD_EMPTY: { message: '文件为空，请重新选择', status: 200 },
  UPLOAD_WRONG_KIND: { message: '文件类型不支持，请上传{kinds}', status: 200 },
  FILE_NOT_FOUND: { message: '文件不存在', status: 404 },
  FILE_NOT_USABLE: { message: '文件不存在或已失效，请重新上传', status: 200 },
  CHANGE_PENDING: { message: '已提交审核,请勿重复提交', status: 200 },
  NOTHING_CHANGED: { message: '资料没有变化，无需提交', status: 200 },
  DICTIONARY_VALUE_UNKNOWN: { message: '{field}无效，请重新选择', status: 200 },
  ID_CARD_REQUIRED: { message: '请填写身份证号码', status: 200 },
  BANK_NOT_OFFERED: { message: '请选择本厂可用的开户银行', status: 200 },
  RECORD_NOT_FOUND: { message: '记录不存在，请刷新后重试', status: 200 },
  CHANGE_NOT_FOUND: { message: '申请不存在', status: 200 },
  CHANGE_ALREADY_DECIDED: { message: '该申请已由其他审核人处理', status: 200 },
  CHANGE_WITHDRAWN: { message: '员工已撤回该申请', status: 200 },
  CHANGE_NOT_WITHDRAWABLE: { message: '该申请已审核，不能撤回', status: 200 },
  FEEDBACK_NOT_FOUND: { message: '反馈不存在', status: 200 },
  FEEDBACK_ANSWERED: { message: '该反馈已答复，请刷新后查看', status: 200 },
  EXPORT_TOO_LARGE: { message: '一次最多导出 {max} 人，请选择工厂后分别导出', status: 200 },
  ASSIGNEE_INVALID: { message: '处理人须是该厂区的 HR 管理员，请重新选择', status: 200 },
  AUDIENCE_PLANTS_REQUIRED: { message: '请选择发布的厂区（全公司发布需系统管理员）', status: 200 },
  AUDIENCE_PLANT_NOT_ADMINISTERED: { message: '您不管理厂区 {plants}，不能向其发布', status: 200 },
  AUDIENCE_GROUP_OUTSIDE: { message: '{group} 不在所选厂区内', status: 200 },
  AUDIENCE_EMPLOYEES_UNKNOWN: { message: '以下工号不存在或不在所选厂区：{empNos}', status: 200 },
  ANNOUNCEMENT_NOT_FOUND: { message: '公告不存在', status: 200 },
  ANNOUNCEMENT_WITHDRAWN: { message: '该公告已撤回', status: 200 },
  ANNOUNCEMENT_REMINDED: { message: '该公告已提醒过一次，不能重复提醒', status: 200 },
  ANNOUNCEMENT_NOT_LIVE: { message: '公告不在发布期内，不能提醒', status: 200 },
  ANNOUNCEMENT_BODY_IMAGE: { message: '正文中的图片须是本系统上传的图片，请删除后重新插入', status: 200 },
  // 公司信息 (SysAdmin)
  SITE_STALE: { message: '公司信息已被他人修改，请刷新页面后重新填写', status: 200 },
  SITE_UNCHANGED: { message: '没有需要保存的修改', status: 200 },
  SITE_LOGO_WRONG_KIND: { message: '标志只能是 PNG、JPG 或 WebP 图片（不支持 SVG 等其他格式）', status: 200 },
  SITE_LOGO_GONE: { message: '标志图片已失效，请重新上传', status: 200 },
  JOB_NOT_FAILED: { message: '该任务已不在失败列表中，请刷新后查看', status: 200 },
  JOB_QUEUE_OFF: { message: '后台任务未在本服务器运行', status: 200 },
  CHANGE_OWN: { message: '不能审核本人提交的资料修改，请由其他审核人处理', status: 200 },
  CHANGE_STALE: { message: '资料已被修改，请查看最新差异后重新审核', status: 200 },
  CHANGE_RECORD_GONE: { message: '申请修改的记录已被删除，请驳回后让员工重新提交', status: 200 },
  // Proposals, recruitment, WeChat
  SUBMIT_TOO_FREQUENT: { message: '提交过于频繁，请稍后再试', status: 200 },
  UPLOAD_TOO_FREQUENT: { message: '上传过于频繁，请稍后再试', status: 200 },
  LOOKUP_TOO_FREQUENT: { message: '请求过于频繁，请稍后再试', status: 200 },
  REFERRER_UNKNOWN: { message: '推荐人工号不存在，请向推荐人确认推荐链接', status: 200 },
  WECHAT_NOT_CONFIGURED: { message: '未配置微信分享，请复制链接分享', status: 200 },
  WECHAT_FAILED: { message: '获取微信签名失败，请稍后重试', status: 200 },
  // The HR console
  IMPORT_NOT_FOUND: { message: '导入记录不存在', status: 200 },
  IMPORT_STATE: { message: '该导入当前为“{state}”，不能执行此操作', status: 200 },
  IMPORT_COLUMNS_MISSING: { message: '还有必填列未指定，请先完成列映射', status: 200 },
  IMPORT_NOTHING_VALID: { message: '没有可导入的行，请修正后重新上传', status: 200 },
  IMPORT_BATCH_PUBLISHED: { message: '{month} 的工资单已发布，请先撤回后再导入或回滚', status: 200 },
  IMPORT_NOT_LATEST: { message: '该月数据已被之后的导入 #{id} 覆盖，请先回滚那次导入', status: 200 },
  IMPORT_NO_REJECTED: { message: '该导入没有未通过校验的行', status: 200 },
  IMPORT_TIMED_OUT: {
    message: '文件处理超过 {limit} 仍未完成，已停止，数据未作任何修改。请检查文件是否过大或格式异常，拆分后重新上传',
    status: 200,
  },
  BATCH_NOT_FOUND: { message: '工资单批次不存在', status: 200 },
  BATCH_STATE: { message: '该批次当前为“{state}”，不能执行此操作', status: 200 },
  BATCH_EMPTY: { message: '该批次没有工资单，请先导入', status: 200 },
  BATCH_PAYSLIP_NOT_FOUND: { message: '该批次中没有工号 {empNo} 的工资单', status: 200 },
  DISPUTE_NOT_FOUND: { message: '疑问不存在', status: 200 },
  DISPUTE_ANSWERED: { message: '该疑问已答复', status: 200 },
  DISPUTE_SETTLED: { message: '员工已确认工资单，该疑问已解决', status: 200 },
  PAYSLIP_QUESTION_OPEN: {
    message: '您对本月工资单的疑问人事尚未答复：请等待答复，或确认疑问已解决后再确认无误',
    status: 200,
  },
  PAYSLIP_NOT_CONFIRMABLE: { message: '该月工资单未发布或已撤回，请刷新后重试', status: 200 },
  PAYSLIP_ITEM_UNKNOWN: { message: '工资项目无效', status: 200 },
  ATTENDANCE_PHOTO_NOT_OFFERED: { message: '您所在工厂的考勤不使用人脸照片', status: 200 },
  // Training
  STUDY_ITEM_NOT_FOUND: { message: '学习项不存在或未分配给您', status: 200 },
  STUDY_TIME_INVALID: { message: '学习时间无效：{detail}', status: 200 },
  STUDY_PROGRESS_INVALID: { message: '学习进度无效：{detail}', status: 200 },
  PAPER_NOT_FOUND: { message: '{paper}不存在或未分配给您', status: 200 },
  PAPER_ALREADY_SUBMITTED: { message: '您已提交过{paper}，不能重复提交', status: 200 },
  PAPER_ANSWER_INVALID: { message: '{detail}', status: 200 },
  PAPER_REQUIRED_MISSING: { message: '存在必填项未填写', status: 200 },
  QUESTION_CATEGORY_NOT_FOUND: { message: '分类不存在', status: 200 },
  QUESTION_CATEGORY_EXISTS: { message: '该工厂已有名为“{name}”的分类', status: 200 },
  QUESTION_CATEGORY_NOT_EMPTY: { message: '分类下还有 {count} 道题，请先删除这些题再删除分类', status: 200 },
  QUESTION_CATEGORY_PLANT_FIXED: { message: '分类不能改到其他工厂，请在该工厂新建分类', status: 200 },
  QUESTION_NOT_FOUND: { message: '题目不存在', status: 200 },
  QUESTION_DUPLICATE: { message: '该分类下已有相同题型和题目的题', status: 200 },
  PAPER_QUESTION_UNAVAILABLE: { message: '第 {number} 题不在本厂题库中（可能已被删除），请重新选择', status: 200 },
  PAPER_QUESTION_UNSCORED: { message: '第 {number} 题没有正确答案，不能用于考试', status: 200 },
  PAPER_POOL_TOO_SMALL: {
    message: '分类“{category}”只有 {available} 道有正确答案的题，不够抽 {count} 道',
    status: 200,
  },
  PAPER_ADMIN_NOT_FOUND: { message: '试卷不存在', status: 200 },
  PAPER_NOT_OPEN_YET: { message: '{paper}还未开始，开始时间 {time}', status: 200 },
  PAPER_CLOSED: { message: '{paper}已截止', status: 200 },
  PAPER_ATTEMPTS_USED: { message: '已达到作答次数上限（{max} 次）', status: 200 },
  PAPER_COOLING_DOWN: { message: '请于 {time} 后再次参加考试', status: 200 },
  PAPER_ATTEMPT_OVER: { message: '本次作答已结束，系统已按保存的答案交卷', status: 200 },
  PAPER_ATTEMPT_NOT_FOUND: { message: '没有进行中的作答，请重新进入', status: 200 },
  QUESTION_EXPORT_TOO_LARGE: { message: '一次最多导出 {max} 题，请选择工厂或分类后分别导出', status: 200 },
  MEDIA_NOT_FOUND: { message: '学习资料不存在或已被删除', status: 404 },
  // 学习资料 in the console (materials): the tus upload's refusals carry the same words
  MATERIAL_NOT_FOUND: { message: '学习资料不存在或已被删除', status: 200 },
  MATERIAL_ASSIGNED: {
    message: '该资料已分配给 {count} 名员工学习，不能删除（他们的学习记录引用它）；请先取消分配',
    status: 200,
  },
  MATERIAL_PLANT_NOT_ADMINISTERED: { message: '您不管理 {bu} 厂，不能为其上传学习资料', status: 403 },
  MATERIAL_UPLOAD_NOT_FOUND: { message: '上传不存在或已过期，请重新上传', status: 404 },
  // The handbook and the onboarding guide
  HANDBOOK_CHANGED: { message: '员工手册已更新，请阅读新版本后再确认', status: 200 },
  HANDBOOK_VERSION_NOT_FOUND: { message: '版本不存在', status: 200 },
  HANDBOOK_PDF_NOT_FOUND: { message: '该文件不存在或不适用于您所在的工厂', status: 404 },
  HANDBOOK_WHOLE_COMPANY: { message: '全公司适用的版本只能由系统管理员发布，请选择适用的工厂', status: 200 },
  HANDBOOK_VERSION_WITHDRAWN: { message: '该版本已撤回', status: 200 },
  HANDBOOK_GUIDE_NO_ACCEPTANCE: { message: '入职指引无需员工确认，没有确认情况', status: 200 },
  HANDBOOK_PLANT_OUTSIDE: { message: '该版本不适用于 {bu} 厂', status: 200 },
  // People and accounts, the audit log
  ACCOUNT_LEFT: { message: '该账号已停用（已离职），如有疑问请联系人事', status: 200 },
  PERSON_NOT_FOUND: { message: '员工不存在', status: 200 },
  PERSON_LEFT: { message: '该员工已离职，请先恢复在职', status: 200 },
  PERSON_NOT_LEFT: { message: '该员工未离职', status: 200 },
  EMP_NO_TAKEN: { message: '工号 {empNo} 已存在', status: 200 },
  TRANSFER_SAME_PLANT: { message: '该员工已在 {bu} 厂，请选择其他工厂', status: 200 },
  NOT_YOURSELF: { message: '不能对自己执行此操作', status: 200 },
  ADMIN_PLANTS_MISSING: { message: '请选择人事管理员负责的工厂', status: 200 },
  ROLE_NOT_FOUND: { message: '角色不存在', status: 200 },
  MENU_UNKNOWN: { message: '菜单不存在：{codes}', status: 200 },
  DATE_RANGE_INVALID: { message: '开始日期不能晚于结束日期', status: 200 },
  // 轮播图
  BANNER_NOT_FOUND: { message: '轮播图不存在', status: 200 },
  BANNER_WITHDRAWN: { message: '该轮播图已撤下，不能再修改', status: 200 },
  BANNER_PLANTS_REQUIRED: { message: '请选择适用工厂（面向全公司的轮播图由系统管理员发布）', status: 200 },
  BANNER_IMAGE_NOT_FOUND: { message: '图片不存在，请重新上传', status: 200 },
  BANNER_IMAGE_WRONG_KIND: { message: '该文件不是图片，请上传 JPG、PNG 或 WebP 格式的图片', status: 200 },
  BANNER_IMAGE_UNREADABLE: { message: '图片已损坏或无法读取，请换一张图片', status: 200 },
  BANNER_IMAGE_TOO_MANY_PIXELS: { message: '图片像素过多（最多 {max} 万像素），请缩小后再上传', status: 200 },
  BANNER_IMAGE_TOO_NARROW: { message: '图片宽度至少 {min} 像素，请换一张更清晰的图片', status: 200 },
  BANNER_IMAGE_NOT_FOUND_SERVED: { message: '图片不存在', status: 404 },
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
