import { MOBILE_MENUS } from '@ess/contract/menu-codes';
import { describe, expect, it } from 'vitest';
import { REVIEW_LIST_PATH } from './review-paths';

describe('review paths', () => {
  it('opens the console at the path of the menu that grants it (M18)', () => {
    expect(MOBILE_MENUS.find((menu) => menu.code === 'M18')?.path).toBe(REVIEW_LIST_PATH);
  });
});
