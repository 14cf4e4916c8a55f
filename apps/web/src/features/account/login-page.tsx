// /login: account, password, the handbook agreement that gates the button, then the redirect; or home, whose dialog
// asks for the handbook version current for the worker's plant when the sign-in answer says it is not accepted yet.
// This screen is the first thing a worker downloads on a weak network: it keeps its imports small and
// loads the handbook viewer (pdf.js) and the toast only when they are needed. It makes no query, so it has no
// query cache and the query library is not part of its download: the sign-in call's state is kept here. Its
// field, checkbox and button are drawn without antd-mobile (./components/sign-in-controls.tsx).
import { type FormEvent, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadBoundary } from '../../components/load-boundary';
import { t } from '../../i18n/zh-CN-shell';
import { describeError } from '../../lib/api-client';
import { retryableLazy } from '../../lib/code-load';
import { clearPageQueries } from '../../lib/page-queries';
import { startSession } from '../../lib/session';
import { appTitleOf, DEFAULT_LOGO_URL, useSiteFace } from '../../lib/site-face';
import { showToast } from '../../lib/toast';
import { checkLogin, prefetchCheckLogin } from './api/check-login';
import { AgreementCheck, SubmitButton, TextField } from './components/sign-in-controls';
import './login-page.css';
import { toSafeRedirect } from './safe-redirect';

const HandbookPopup = retryableLazy(() => import('./handbook-popup'));

const ERROR_MS = 2000;
/** Where an ICP filing number leads (the MIIT's filing search). */
const ICP_FILING_SITE = 'https://beian.miit.gov.cn/';

const LoginPage = () => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Only the words of a known reason: a link cannot put its own text on this page.
  const notice = t.login.notices[searchParams.get('notice') ?? ''];
  const [isSigningIn, setSigningIn] = useState(false);
  // A second submit before the button shows its spinner (a double tap) must not send a second call.
  const isSigningInNow = useRef(false);
  // An answer that arrives after the worker left the screen is dropped: they have moved on.
  const isShown = useRef(true);
  // The reset page sends the worker here with the account filled in.
  const [userAccount, setUserAccount] = useState(() => searchParams.get('account')?.trim().slice(0, 32) ?? '');
  const [password, setPassword] = useState('');
  const [isAgreed, setAgreed] = useState(false);
  const [isHandbookOpen, setHandbookOpen] = useState(false);
  const [hasOpenedHandbook, setOpenedHandbook] = useState(false);
  // The company's face as this browser last saw it, replaced when this load's answer comes (lib/site-face.ts).
  const face = useSiteFace();
  const title = appTitleOf(face);
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  const logoUrl = face.logoUrl && face.logoUrl !== brokenLogo ? face.logoUrl : DEFAULT_LOGO_URL;

  useEffect(() => {
    // Fetch the sign-in code once the screen is up, before the worker has finished typing.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    idle(prefetchCheckLogin);
  }, []);

  useEffect(() => {
    isShown.current = true;
    return () => {
      isShown.current = false;
    };
  }, []);

  const signIn = async () => {
    isSigningInNow.current = true;
    setSigningIn(true);
    try {
      const login = await checkLogin({ userAccount, password, isRemember: true });
      if (!isShown.current) return;
      // A previous user's screens must not show through.
      clearPageQueries();
      startSession(login, { isRemember: true });
      // The handbook version current for the plant is not accepted yet (a new one HR published, or never): home's
      // dialog asks for it before anything else, wherever the sign-in was meant to lead.
      navigate(login.appReadStatus === 'N' ? '/home' : toSafeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      // The screen keeps its failure on screen for 2 s itself (SPEC §8).
      if (isShown.current) void showToast({ content: describeError(error), kind: 'fail', durationMs: ERROR_MS });
    } finally {
      isSigningInNow.current = false;
      if (isShown.current) setSigningIn(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAgreed || isSigningInNow.current) return;
    if (!userAccount.trim()) return void showToast({ content: t.login.accountRequired, durationMs: ERROR_MS });
    if (!password) return void showToast({ content: t.login.passwordRequired, durationMs: ERROR_MS });
    void signIn();
  };

  const openHandbook = () => {
    setOpenedHandbook(true);
    setHandbookOpen(true);
  };

  return (
    <div className="login-page">
      <header className="login-header">
        {/* The logo's box is kept whatever comes (a wide logo fits it), so nothing below moves when it changes. */}
        <img
          className="login-logo"
          src={logoUrl}
          alt={t.login.logoAlt(face.companyName || title)}
          width={240}
          height={72}
          onError={() => setBrokenLogo(face.logoUrl)}
        />
        <p className="login-company">{face.companyName}</p>
        <h1 className="login-title">{title}</h1>
      </header>
      {notice && (
        <p className="login-notice" role="alert">
          {notice}
        </p>
      )}
      <form className="login-form" onSubmit={submit} onFocus={prefetchCheckLogin} noValidate>
        <div className="login-field">
          <label className="login-label" htmlFor="login-account">
            {t.login.account}
          </label>
          <TextField
            id="login-account"
            name="username"
            autoComplete="username"
            // Employee numbers are digits: phones open the number pad (iOS needs the pattern for it). The
            // form is not validated by the browser, so anything else the server accepts can still be typed.
            inputMode="numeric"
            pattern="[0-9]*"
            placeholder={t.login.accountPlaceholder}
            value={userAccount}
            onChange={setUserAccount}
          />
        </div>
        <div className="login-field">
          <label className="login-label" htmlFor="login-password">
            {t.login.password}
          </label>
          <TextField
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder={t.login.passwordPlaceholder}
            value={password}
            onChange={setPassword}
          />
        </div>
        <div className="login-agree">
          <AgreementCheck checked={isAgreed} onChange={setAgreed}>
            {t.login.agreePrefix}
            <button
              type="button"
              className="text-button"
              onClick={(event) => {
                // Reading the handbook does not tick the box.
                event.preventDefault();
                event.stopPropagation();
                openHandbook();
              }}
            >
              {t.login.handbookLink}
            </button>
          </AgreementCheck>
        </div>
        <SubmitButton isDisabled={!isAgreed} isLoading={isSigningIn} loadingText={t.login.submitting}>
          {t.login.submit}
        </SubmitButton>
      </form>
      {/* Only what the SysAdmin set: no copyright or filing line at all without one, never a placeholder. */}
      <footer className="login-footer">
        {face.copyright && <p>{face.copyright}</p>}
        {face.icpFiling && (
          <p>
            <a
              href={ICP_FILING_SITE}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t.login.icpFilingLink(face.icpFiling)}
            >
              {face.icpFiling}
            </a>
          </p>
        )}
      </footer>
      {hasOpenedHandbook && (
        <LoadBoundary
          fallback={() => null}
          onFailure={() => {
            setHandbookOpen(false);
            setOpenedHandbook(false);
          }}
        >
          <Suspense fallback={null}>
            <HandbookPopup visible={isHandbookOpen} onClose={() => setHandbookOpen(false)} />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
};

export default LoginPage;
