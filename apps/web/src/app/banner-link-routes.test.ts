// The pages a banner may lead to (the contract's list, which the server checks links against) are screens of this
// app, signed in and in its frame, under the titles the app gives them: the list cannot drift from the route table.
import { BANNER_LINK_ROUTES, linkProblem } from '@ess/contract/banner-links';
import { describe, expect, it } from 'vitest';
import { findRoute } from './route-table';

describe('the banners’ app links', () => {
  it.each(BANNER_LINK_ROUTES.map((link) => [link.path, link] as const))('%s is a screen of the app', (_path, link) => {
    const route = findRoute(link.path);
    expect(route).toBeDefined();
    expect(route?.layout).not.toBe('bare');
    expect(route?.title).toBe(link.label);
  });

  it('accepts those pages (with a query) and https addresses; refuses any other path or scheme', () => {
    expect(linkProblem('/attendance/my-att')).toBeUndefined();
    expect(linkProblem('/train/learn-list?from=banner')).toBeUndefined();
    expect(linkProblem('https://hr.example.com/活动?id=1')).toBeUndefined();
    expect(linkProblem('/login')).toBe('应用内没有这个页面，请从列表中选择');
    expect(linkProblem('//evil.example.com')).toBeDefined();
    expect(linkProblem('http://hr.example.com')).toBe('网址须以 https:// 开头');
    expect(linkProblem('javascript:alert(1)')).toBeDefined();
    expect(linkProblem('https://user:pw@hr.example.com')).toBeDefined();
  });
});
