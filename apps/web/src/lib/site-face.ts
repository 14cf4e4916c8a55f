// The company's face (公司信息, set by the SysAdmin): the company name, the app's short title, the logo, the sign-in
// page's footer lines and the plants' display names. Read once per page load (main.tsx, the console's main.tsx)
// from the public Site/GetFace by GET, which the browser revalidates with its ETag; screens render the last face
// this browser saw (or the app's defaults on a first visit) at once and take the new one when it arrives, so a
// change shows at the next page load without holding up the first paint. Zod-free and small: /login loads it.
import type { Plant } from '@ess/contract/plants';
import type { SiteFace } from '@ess/contract/site';
import { useSyncExternalStore } from 'react';
import { t } from '../i18n/zh-CN-shell';
import { readPublicData } from './api-client';

/** Nothing set: the app's own title and logo, no company line, no footer lines. */
export const DEFAULT_FACE: SiteFace = {
  companyName: '',
  appTitle: '',
  logoUrl: null,
  copyright: '',
  icpFiling: '',
  plantNames: {},
};
export const DEFAULT_LOGO_URL = '/logo.svg';

const STORAGE_KEY = 'ess_site_face';

/** A face as this code expects it, or undefined (an older build's copy, a hand-edited one). */
const asFace = (value: unknown): SiteFace | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const face = value as Record<string, unknown>;
  const isText = (key: string) => typeof face[key] === 'string';
  if (!['companyName', 'appTitle', 'copyright', 'icpFiling'].every(isText)) return undefined;
  if (face.logoUrl !== null && typeof face.logoUrl !== 'string') return undefined;
  const names = face.plantNames;
  if (!names || typeof names !== 'object' || Object.values(names).some((name) => typeof name !== 'string')) {
    return undefined;
  }
  return face as SiteFace;
};

const readStored = (): SiteFace | undefined => {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored ? asFace(JSON.parse(stored)) : undefined;
  } catch {
    // Storage refused (private mode of an old WebView) or a damaged copy: the defaults.
    return undefined;
  }
};

const store = (face: SiteFace) => {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(face));
  } catch {
    // Not kept: the next page load starts from the defaults again.
  }
};

type FaceState = {
  face: SiteFace;
  /** The server's answer (or its failure) has come in this page load. */
  isSettled: boolean;
};

let state: FaceState = { face: readStored() ?? DEFAULT_FACE, isSettled: false };
const listeners = new Set<() => void>();

const setState = (next: FaceState) => {
  state = next;
  for (const listener of listeners) listener();
};

let loading: Promise<void> | undefined;
/** Reads the face from the server (once at a time); a failure keeps the face shown. The console calls it after a save. */
export const loadSiteFace = (): Promise<void> => {
  loading ??= readPublicData('getSiteFace')
    .then((face) => {
      store(face);
      setState({ face, isSettled: true });
    })
    .catch(() => setState({ ...state, isSettled: true }))
    .finally(() => {
      loading = undefined;
    });
  return loading;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => state;

/** The face and whether this page load's answer has come in; a component using it is drawn again when it does. */
export const useSiteFaceState = () => useSyncExternalStore(subscribe, snapshot, snapshot);
export const useSiteFace = () => useSiteFaceState().face;
/** The face now, outside a component (what a render reads: its component must use the hook, or a parent does). */
export const currentSiteFace = () => state.face;

/** The app's short title: the company's, else 员工自助系统. */
export const appTitleOf = (face: SiteFace) => face.appTitle || t.app.title;

/** The name people read for a plant: its display name when one is set, else its code. */
export const plantNameOf = (face: SiteFace, code: string) => face.plantNames[code as Plant] || code;

/** Only for tests: back to a page load's start. */
export const resetSiteFaceForTests = (face: SiteFace = DEFAULT_FACE) => {
  loading = undefined;
  setState({ face, isSettled: false });
};
