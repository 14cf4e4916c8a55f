// The words of the console's 学习资料 page (uploaded videos and documents), part of the console's texts (texts.ts,
// as `ct.materials`), kept in a module of their own.
import { MATERIAL_KIND_LABELS, MATERIAL_STATE_LABELS } from '@ess/contract/materials';

export const materialsTexts = {
  menu: '学习资料',
  title: '学习资料',
  intro:
    '上传员工学习用的视频和文档。视频支持 MP4、AVI、WMV、MPG、MPEG、MKV，非 H.264/AAC 的 MP4 会在后台转换为手机可播放的格式；文档支持 PDF，Word、Excel、PowerPoint 在服务器可转换时转为 PDF。大文件上传中断后会自动续传。',
  kinds: MATERIAL_KIND_LABELS as Record<string, string>,
  states: MATERIAL_STATE_LABELS as Record<string, string>,
  plantFilter: '按工厂筛选',
  stateFilter: '按状态筛选',
  allPlants: '全部工厂',
  allStates: '全部状态',
  wholeCompany: '全公司',
  upload: '上传资料',
  list: '学习资料列表',
  empty: '还没有学习资料',
  name: '资料名称',
  plant: '所属工厂',
  state: '状态',
  file: '文件',
  uploaded: '上传',
  duration: (seconds: number) => {
    const whole = Math.round(seconds);
    return `时长 ${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  },
  fileSize: (bytes: number) =>
    bytes >= 1024 * 1024 * 1024
      ? `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`
      : bytes >= 1024 * 1024
        ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
        : `${Math.ceil(bytes / 1024)} KB`,
  assigned: (count: number) => `已分配 ${count} 人`,
  converting: (percent: number) => `转换中 ${percent}%`,
  preview: '预览',
  previewOf: (name: string) => `预览 ${name}`,
  openPdf: '在新窗口打开 PDF',
  rename: '重命名',
  renameOf: (name: string) => `重命名 ${name}`,
  renameTitle: '重命名学习资料',
  delete: '删除',
  deleteOf: (name: string) => `删除 ${name}`,
  deleteConfirm: (name: string) => `删除“${name}”及其文件？删除后不能恢复。`,
  // The upload dialog
  uploadTitle: '上传学习资料',
  chooseFile: '选择文件',
  fileMissing: '请选择要上传的文件',
  fileHint: '视频：MP4、AVI、WMV、MPG、MPEG、MKV；文档：PDF、Word、Excel、PowerPoint',
  namePlaceholder: '默认为文件名',
  plantMissing: '请选择资料所属工厂',
  start: '开始上传',
  uploading: '上传中…',
  progressLabel: '上传进度',
  retrying: '网络中断，正在重新连接并续传…',
  done: '上传成功，服务器正在检查文件',
  failed: '上传失败',
  networkFailed: '网络中断，上传暂停。请检查网络后重新选择同一文件，将从中断处继续上传',
  cancel: '取消上传',
} as const;

/** 分配与学习情况 of a material. */
export const assignmentTexts = {
  open: '分配与学习情况',
  openOf: (name: string) => `${name}的分配与学习情况`,
  title: (name: string) => `分配与学习情况：${name}`,
  add: '新建分配',
  empty: '还没有分配：新建一个，选定员工范围、截止时间和必修或选修',
  theme: '培训主题',
  themeMissing: '请填写培训主题',
  dueAt: '截止时间（可选）',
  noDue: '不设截止',
  isRequired: '必修',
  required: '必修',
  optional: '选修',
  assign: '分配',
  assignTitle: '分配学习资料',
  audience: '范围',
  done: (done: number, audience: number) => `${done} / ${audience} 人完成`,
  overdue: (count: number) => `${count} 人逾期`,
  withdrawn: '已撤回',
  details: '详情',
  remind: '提醒未完成',
  reminded: (time: string) => `已于 ${time} 提醒`,
  remindConfirm: '给尚未完成的员工发一条提醒（每个分配只能提醒一次）？',
  withdraw: '撤回',
  withdrawConfirm: '撤回后员工的学习列表里不再显示它，已有的学习记录保留。确定撤回？',
  export: '导出 Excel',
  byDept: '各部门完成情况',
  dept: '部门',
  people: '人员',
  standings: { pending: '未完成', overdue: '已逾期', done: '已完成' } as Record<string, string>,
  studied: (minutes: number, coverage: number | null) =>
    coverage === null ? `${minutes} 分钟` : `${minutes} 分钟，看完 ${Math.round(coverage * 100)}%`,
  back: '返回分配列表',
} as const;
