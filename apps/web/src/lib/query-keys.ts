// Every query key in one module, by domain: a mutation invalidates what it changed by naming the keys
// here, and a screen's query cannot drift from what the mutation invalidates.
export const queryKeys = {
  attendance: { recentDays: ['attendance', 'recent-days'] },
  salary: { payslip: (month: string) => ['salary', 'payslip', month] },
  inspection: { myEhs: ['inspection', 'my-ehs'] },
  logistics: {
    cabinet: ['logistics', 'cabinet'],
    meals: ['logistics', 'meals'],
    mealsDetail: (month: string | undefined) => ['logistics', 'meals', 'detail', month],
    dormitory: ['logistics', 'dormitory'],
  },
  home: { banners: ['home', 'banners'], unreadMessages: ['home', 'unread-messages'] },
  /** The employee's own notices (/user/my-option): feedback and record changes with their review. */
  notices: { person: ['notices', 'person'] },
} as const;
