// The files the server reads by path at run time, in one place. From the sources they sit around apps/server/src;
// in a release (scripts/release.mjs) every entry is bundled into server/*.mjs and the files sit beside server/:
// the bundle defines ESS_RELEASE, so these paths follow whichever layout runs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare const ESS_RELEASE: boolean | undefined;
const isRelease = typeof ESS_RELEASE === 'boolean' && ESS_RELEASE;
/** apps/server/src from the sources; the release's server/ folder from a bundle. */
const here = path.dirname(fileURLToPath(import.meta.url));

export const runtimePaths = {
  /** The committed SQL migrations (apps/server/drizzle; drizzle/ in a release). */
  migrationsDir: path.resolve(here, '../drizzle'),
  /** The web app's build served at / (apps/web/dist; web/ in a release). */
  webDist: isRelease ? path.resolve(here, '../web') : path.resolve(here, '../../web/dist'),
  /** The demo's video, study document and onboarding guide (seed/media; media/ in a release). */
  demoMediaDir: isRelease ? path.resolve(here, '../media') : path.join(here, 'seed', 'media'),
  /** The demo's handbook, version 1 of the seed: the one the web app ships (apps/web/public; web/ in a release). */
  demoHandbook: isRelease
    ? path.resolve(here, '../web/handbook.pdf')
    : path.resolve(here, '../../web/public/handbook.pdf'),
  /** The imports' checking thread: a bundle of its own beside the server's in a release. */
  checkWorker: new URL(isRelease ? './check-worker.mjs' : './modules/imports/check-worker.mjs', import.meta.url),
};
