// The HR console's shell: antd in Chinese, the shared query client and API client, the session gate (the same
// sign-in cookies as the employee app) and the pages, each loaded when first opened.
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Result, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LoadBoundary } from '../components/load-boundary';
import { retryableLazy } from '../lib/code-load';
import { createQueryClient } from '../lib/query-client';
import { startRealtime } from '../lib/realtime';
import { hasAnyToken } from '../lib/session';
import { useSiteFaceState } from '../lib/site-face';
import { setToastRenderer } from '../lib/toast';
import { consoleSessionQuery } from './api/get-console-session';
import { ConsoleLayout, consolePages } from './console-layout';
import { SignInPage } from './sign-in-page';
import { ct } from './texts';

const DashboardPage = retryableLazy(() => import('./pages/dashboard/dashboard-page'));
const ImportsPage = retryableLazy(() => import('./pages/imports/imports-page'));
const BatchesPage = retryableLazy(() => import('./pages/batches/batches-page'));
const PeoplePage = retryableLazy(() => import('./pages/people/people-page'));
const AuditPage = retryableLazy(() => import('./pages/audit/audit-page'));
const ReviewPage = retryableLazy(() => import('./pages/review/review-page'));
const SubmissionsPage = retryableLazy(() => import('./pages/submissions/submissions-page'));
const OperationsPage = retryableLazy(() => import('./pages/operations/operations-page'));
const AnnouncementsPage = retryableLazy(() => import('./pages/announcements/announcements-page'));
const BannersPage = retryableLazy(() => import('./pages/banners/banners-page'));
const SitePage = retryableLazy(() => import('./pages/site/site-page'));
const HandbookPage = retryableLazy(() => import('./pages/handbook/handbook-page'));
const QuestionBankPage = retryableLazy(() => import('./pages/question-bank/question-bank-page'));
const PapersPage = retryableLazy(() => import('./pages/papers/papers-page'));
const MessagesPage = retryableLazy(() => import('./pages/messages/messages-page'));
const MaterialsPage = retryableLazy(() => import('./pages/materials/materials-page'));

/**
 * Links, secondary words and errors dark enough for WCAG AA on white (antd's defaults are 4.1:1, 3.4:1, 3.3:1), and
 * so are the hover and pressed states: antd derives a lighter blue for them (#307ce6, 4.07:1), which a button under
 * the pointer showed.
 */
const CONSOLE_TOKENS = {
  colorPrimary: '#0b5ad9',
  colorPrimaryHover: '#0a4fc0',
  colorPrimaryActive: '#083f99',
  colorLink: '#0b5ad9',
  colorLinkHover: '#0a4fc0',
  colorLinkActive: '#083f99',
  colorTextSecondary: '#595959',
  colorTextDescription: '#595959',
  colorTextTertiary: '#666666',
  colorError: '#cf1322',
  colorErrorHover: '#a8071a',
  colorErrorActive: '#820014',
};

const Loading = () => (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin tip={ct.loading}>
      <div style={{ height: 48 }} />
    </Spin>
  </div>
);

const Gate = () => {
  const isSignedIn = hasAnyToken();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const session = useQuery(consoleSessionQuery(isSignedIn));
  // Drawn again when the company's face arrives or changes: the pages' plant labels read it (plant-options.ts).
  useSiteFaceState();
  const userId = session.data?.id;
  const isReviewer = session.data?.roles.includes('AppVerify') ?? false;
  useEffect(() => {
    // The import jobs' states arrive over the same socket as the app's pushes.
    // Holders of AppVerify are told of each change sent for review, and their 资料审核 list refreshes on it.
    if (userId !== undefined) startRealtime({ queryClient, userId, isReviewer });
  }, [queryClient, userId, isReviewer]);
  if (!isSignedIn || session.isError) return <SignInPage />;
  if (!session.data) return <Loading />;
  // Each user enters with the pages their roles allow (the server checks every call's role as well).
  const pages = consolePages(session.data);
  const allowed = new Set(pages.map((item) => item.key));
  if (pages.length === 0) {
    return <Result status="403" title={ct.noAccess} extra={<a href="/home">{ct.backToApp}</a>} />;
  }
  return (
    <ConsoleLayout session={session.data}>
      <LoadBoundary resetKey={pathname}>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/" element={<Navigate to={pages[0]?.key ?? '/'} replace />} />
            {allowed.has('/dashboard') && (
              <Route path="/dashboard" element={<DashboardPage session={session.data} />} />
            )}
            {allowed.has('/imports') && <Route path="/imports" element={<ImportsPage session={session.data} />} />}
            {allowed.has('/batches') && <Route path="/batches" element={<BatchesPage session={session.data} />} />}
            {allowed.has('/people') && <Route path="/people" element={<PeoplePage session={session.data} />} />}
            {allowed.has('/audit') && <Route path="/audit" element={<AuditPage session={session.data} />} />}
            {allowed.has('/review') && <Route path="/review" element={<ReviewPage />} />}
            {allowed.has('/submissions') && <Route path="/submissions" element={<SubmissionsPage />} />}
            {allowed.has('/operations') && <Route path="/operations" element={<OperationsPage />} />}
            {allowed.has('/announcements') && (
              <Route path="/announcements" element={<AnnouncementsPage session={session.data} />} />
            )}
            {allowed.has('/messages') && <Route path="/messages" element={<MessagesPage session={session.data} />} />}
            {allowed.has('/banners') && <Route path="/banners" element={<BannersPage session={session.data} />} />}
            {allowed.has('/site') && <Route path="/site" element={<SitePage />} />}
            {allowed.has('/handbook') && <Route path="/handbook" element={<HandbookPage session={session.data} />} />}
            {allowed.has('/question-bank') && (
              <Route path="/question-bank" element={<QuestionBankPage session={session.data} />} />
            )}
            {allowed.has('/papers') && <Route path="/papers" element={<PapersPage session={session.data} />} />}
            {allowed.has('/materials') && (
              <Route path="/materials" element={<MaterialsPage session={session.data} />} />
            )}
            <Route path="*" element={<Result status="404" title={ct.notFound} />} />
          </Routes>
        </Suspense>
      </LoadBoundary>
    </ConsoleLayout>
  );
};

const ToastBridge = () => {
  const { message } = AntApp.useApp();
  setToastRenderer(({ content, kind = 'success', durationMs = 2000 }) => {
    const type = kind === 'fail' ? 'error' : kind;
    void message.open({ type, content, duration: durationMs / 1000 });
  });
  return null;
};

export const ConsoleApp = () => {
  const queryClient = useMemo(createQueryClient, []);
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: CONSOLE_TOKENS }}>
      {/* Messages open below the 64 px header, so they never cover who is signed in or 退出登录. */}
      <AntApp message={{ top: 76 }}>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename="/admin">
            <Gate />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
};
