import { describe, expect, it } from 'vitest';
import { consolePages } from './console-layout';

const session = (roles: string[], adminPlants: string[] = []) => ({
  id: 1,
  empNo: '900002',
  name: '审核员',
  roles,
  adminPlants,
});

describe('consolePages', () => {
  it('lets a holder of AppVerify in to 资料审核 only, and HR to its pages', () => {
    expect(consolePages(session(['Employee', 'AppVerify'])).map((item) => item.key)).toEqual(['/review']);
    expect(consolePages(session(['HRAdmin'], ['NT'])).map((item) => item.key)).toEqual([
      '/dashboard',
      '/imports',
      '/batches',
      '/people',
      '/audit',
      '/submissions',
      '/announcements',
      '/messages',
      '/banners',
      '/handbook',
      '/materials',
      '/question-bank',
      '/papers',
    ]);
    expect(consolePages(session(['HRAdmin', 'AppVerify'], ['NT'])).map((item) => item.key)).toContain('/review');
    // 备份与任务 and 公司信息 are the SysAdmin's alone.
    expect(consolePages(session(['SysAdmin'])).map((item) => item.key)).toEqual([
      '/dashboard',
      '/imports',
      '/batches',
      '/people',
      '/audit',
      '/submissions',
      '/announcements',
      '/messages',
      '/banners',
      '/handbook',
      '/materials',
      '/question-bank',
      '/papers',
      '/operations',
      '/site',
    ]);
    // An HR clerk without a plant, or a plain employee, has no page.
    expect(consolePages(session(['HRAdmin']))).toEqual([]);
    expect(consolePages(session(['Employee']))).toEqual([]);
  });
});
