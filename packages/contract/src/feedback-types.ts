// The five types of feedback (SPEC §7 SystemNotice/ModifyNotice App*) and their words, in the app's feedback form and
// in the console's 收件箱. No zod here: the app's word list imports it.
export const FEEDBACK_TYPES = ['App', 'AppAtt', 'AppZs', 'AppSalary', 'AppMeals'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  App: '系统问题',
  AppAtt: '考勤',
  AppZs: '住宿',
  AppSalary: '工资',
  AppMeals: '餐费',
};
