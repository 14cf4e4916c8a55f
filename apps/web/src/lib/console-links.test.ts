import { MOBILE_MENUS } from '@ess/contract/menu-codes';
import { describe, expect, it } from 'vitest';
import { consoleAddressOf, consoleAddressOfMenu, HR_SUBMISSIONS_PATH, REVIEW_LIST_PATH } from './console-links';

describe('console links', () => {
  it('names the paths of the menus that grant the review (M18) and the submissions (M19)', () => {
    expect(MOBILE_MENUS.find((menu) => menu.code === 'M18')?.path).toBe(REVIEW_LIST_PATH);
    expect(MOBILE_MENUS.find((menu) => menu.code === 'M19')?.path).toBe(HR_SUBMISSIONS_PATH);
  });

  it('opens the console for those two menus only', () => {
    expect(consoleAddressOfMenu('/review/change-list')).toBe('/admin/review');
    expect(consoleAddressOfMenu('/hr/submissions')).toBe('/admin/submissions');
    expect(consoleAddressOfMenu('/user/my-option')).toBeUndefined();
  });

  it('leads the old routes to the console, the filters and the request carried over', () => {
    expect(consoleAddressOf('/review/change-list', '')).toBe('/admin/review');
    expect(consoleAddressOf('/review/change-list', '?status=rejected&bu=HZ&kind=APP_EDIT_EDU&id=3')).toBe(
      '/admin/review?status=rejected&bu=HZ&kind=APP_EDIT_EDU&id=3',
    );
    expect(consoleAddressOf('/review/change-detail', '?id=42')).toBe('/admin/review?id=42');
    expect(consoleAddressOf('/review/change-detail', '')).toBe('/admin/review');
    expect(consoleAddressOf('/hr/submissions', '')).toBe('/admin/submissions');
  });
});
