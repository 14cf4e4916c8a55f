import type { SiteFace } from '@ess/contract/site';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../test/render';
import {
  appTitleOf,
  currentSiteFace,
  DEFAULT_FACE,
  loadSiteFace,
  plantNameOf,
  resetSiteFaceForTests,
  useSiteFaceState,
} from './site-face';

const FACE: SiteFace = {
  companyName: '江淮汽车集团有限公司',
  appTitle: '江淮员工之家',
  logoUrl: `/api/site/logo/${'a'.repeat(64)}.png`,
  copyright: '© 2026 江淮汽车集团有限公司 版权所有',
  icpFiling: '皖ICP备12345678号-1',
  plantNames: { NT: '南通商用车工厂' },
};

beforeEach(() => {
  window.localStorage.clear();
  resetSiteFaceForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the company’s face', () => {
  it('reads Site/GetFace by GET, without a body, and keeps it for the next page load', async () => {
    const { calls, fetchMock } = fakeServer({ 'Site/GetFace': () => ok(FACE) }, { isSignedIn: false });
    expect(currentSiteFace()).toEqual(DEFAULT_FACE);
    await loadSiteFace();
    expect(currentSiteFace()).toEqual(FACE);
    expect(calls.map((call) => call.path)).toEqual(['Site/GetFace']);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method ?? 'GET').toBe('GET');
    expect(init.body).toBeUndefined();
    expect(JSON.parse(window.localStorage.getItem('ess_site_face') ?? 'null')).toEqual(FACE);
  });

  it('keeps what it shows when the server cannot answer, and says the answer is in', async () => {
    fakeServer({ 'Site/GetFace': () => fail('系统繁忙') }, { isSignedIn: false });
    resetSiteFaceForTests(FACE);
    await loadSiteFace();
    expect(currentSiteFace()).toEqual(FACE);
    const { renderHook } = await import('@testing-library/react');
    expect(renderHook(() => useSiteFaceState()).result.current.isSettled).toBe(true);
  });

  it('falls back to the app’s title and the plant’s code while nothing is set', () => {
    expect(appTitleOf(DEFAULT_FACE)).toBe('员工自助系统');
    expect(appTitleOf(FACE)).toBe('江淮员工之家');
    expect(plantNameOf(FACE, 'NT')).toBe('南通商用车工厂');
    expect(plantNameOf(FACE, 'HZ')).toBe('HZ');
  });
});
