// /train/video-learn?path=…&id=…&material=…: a video (MP4, AVI, WMV, MPG, MPEG, MKV) in a 16:9 player with the
// seek guard, or a document (PDF in the handbook's viewer, a picture as it is) under the company watermark with
// 开始学习 / 结束学习. Starting stores the start time; pause, end and 结束学习 store the end and save the record
// (under a second: nothing); it is also saved every half minute and when the page is hidden or closed. A playing
// video reports the stretch it played every ten seconds; the server keeps what was watched, so the guard holds
// after a reload and on another phone.
import { HEARTBEAT_SECONDS, isVideoPath, MIN_STUDY_MS } from '@ess/contract/study-rules';
import { Button } from 'antd-mobile';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadBoundary } from '../../components/load-boundary';
import { EmptyState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { retryableLazy } from '../../lib/code-load';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { showToast } from '../../lib/toast';
import { reportProgress, type StudyRecord, saveStudyRecord, sendOnLeave, useStudyProgress } from './api/study';
import { createWatchTracker, type Stretch } from './watch-tracker';
import './training.css';

const PdfViewer = retryableLazy(() => import('../../components/pdf-viewer'));

/** How often a running session is saved again under its key. */
const SAVE_EVERY_MS = 30_000;

type Item = { path: string; studyId: number; materialId: number; name: string };

/**
 * A study session: begun, saved again as it goes on, ended. `end` saves it and tells the user when saving failed
 * (网络异常); the periodic and leaving saves are silent.
 */
const useStudySession = (item: Item) => {
  const session = useRef<{ key: string; startedAt: number } | undefined>(undefined);
  const recordOf = useCallback(
    (now: number): StudyRecord | undefined => {
      const current = session.current;
      if (!current || now - current.startedAt < MIN_STUDY_MS) return undefined;
      return {
        StudyId: item.studyId,
        MaterialId: item.materialId,
        StudyStartDate: new Date(current.startedAt).toISOString(),
        StudyEndDate: new Date(now).toISOString(),
        SessionKey: current.key,
      };
    },
    [item.studyId, item.materialId],
  );
  const begin = useCallback(() => {
    session.current ??= { key: newIdempotencyKey(), startedAt: Date.now() };
  }, []);
  const end = useCallback(async () => {
    const record = recordOf(Date.now());
    session.current = undefined;
    if (!record) return false;
    try {
      await saveStudyRecord(record);
      return true;
    } catch {
      void showToast({ content: t.training.networkError, kind: 'fail' });
      return false;
    }
  }, [recordOf]);
  const saveQuietly = useCallback(
    (isLeaving: boolean) => {
      const record = recordOf(Date.now());
      if (!record) return;
      if (isLeaving) sendOnLeave('modifyTrainStudyDetail', { modify: record });
      else void saveStudyRecord(record).catch(() => {});
    },
    [recordOf],
  );
  useEffect(() => {
    const timer = window.setInterval(() => saveQuietly(false), SAVE_EVERY_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') saveQuietly(true);
    };
    const onLeave = () => saveQuietly(true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onLeave);
      // Leaving the screen inside the app ends the session too.
      saveQuietly(false);
      session.current = undefined;
    };
  }, [saveQuietly]);
  return useMemo(() => ({ begin, end }), [begin, end]);
};

const VideoStudy = ({ item }: { item: Item }) => {
  const videoRef = useRef<HTMLVideoElement>(null);
  const progress = useStudyProgress(item.studyId, true);
  const tracker = useRef(createWatchTracker(0));
  const [coverage, setCoverage] = useState<number | null>(null);
  // Between the server's answers (every ten seconds) the label follows the playing: what the server counted plus
  // what played since, never past the furthest point reached. The next answer corrects it.
  const [playedSince, setPlayedSince] = useState(0);
  const [isUnplayable, setUnplayable] = useState(false);
  const session = useStudySession(item);
  const refetchProgress = useRef(progress.refetch);
  refetchProgress.current = progress.refetch;

  useEffect(() => {
    if (!progress.data) return;
    tracker.current.raiseFurthest(progress.data.furthest);
    setCoverage(progress.data.coverage);
  }, [progress.data]);

  const report = useCallback(
    (stretch: Stretch | undefined, isLeaving = false) => {
      if (!stretch) return;
      const video = videoRef.current;
      const beat = {
        StudyId: item.studyId,
        MaterialId: item.materialId,
        from: Math.round(stretch.from * 1000) / 1000,
        to: Math.round(stretch.to * 1000) / 1000,
        duration: video && Number.isFinite(video.duration) ? Math.round(video.duration * 1000) / 1000 : undefined,
      };
      if (isLeaving) return sendOnLeave('modifyStudyProgress', beat);
      reportProgress(beat)
        .then((kept) => {
          tracker.current.raiseFurthest(kept.furthest);
          setCoverage(kept.coverage);
          setPlayedSince(0);
        })
        .catch((error: unknown) => {
          // Refused: the server's account stands (the guard follows it); unreachable: sent again with the next.
          if (error instanceof Error && 'kind' in error && error.kind === 'business') void refetchProgress.current();
          else tracker.current.putBack(stretch);
        });
    },
    [item.studyId, item.materialId],
  );

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let timer = 0;
    const onPlay = () => {
      session.begin();
      window.clearInterval(timer);
      timer = window.setInterval(() => report(tracker.current.take()), HEARTBEAT_SECONDS * 1000);
    };
    const onStop = () => {
      window.clearInterval(timer);
      report(tracker.current.take());
      void session.end();
    };
    let lastTime = video.currentTime;
    const onTime = () => {
      const step = video.currentTime - lastTime;
      lastTime = video.currentTime;
      if (video.seeking || video.paused) return;
      if (step > 0 && step < 1.5) setPlayedSince((played) => played + step);
      report(tracker.current.onPlaying(video.currentTime));
    };
    const onSeeking = () => {
      const allowed = tracker.current.guardSeek(video.currentTime);
      if (allowed !== video.currentTime) {
        video.currentTime = allowed;
        void showToast({ content: t.training.seekHint });
      }
    };
    const onRate = () => {
      if (video.playbackRate !== 1) video.playbackRate = 1;
    };
    const onError = () => {
      setUnplayable(true);
      void showToast({ content: t.training.videoUnplayable, kind: 'fail' });
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') report(tracker.current.take(), true);
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('ratechange', onRate);
    video.addEventListener('error', onError);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.clearInterval(timer);
      report(tracker.current.take());
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('ratechange', onRate);
      video.removeEventListener('error', onError);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
    };
  }, [report, session]);

  const shownCoverage = (counted: number) => {
    const length = videoRef.current?.duration;
    if (!length || !Number.isFinite(length)) return counted;
    const reached = tracker.current.furthest / length;
    return Math.min(1, Math.max(counted, Math.min(reached, counted + playedSince / length)));
  };

  return (
    <div className="study-video">
      <div className="study-video-frame">
        {/* The inline attributes keep WeChat/WeCom and iOS from taking the video to full screen. */}
        {/* biome-ignore lint/a11y/useMediaCaption: materials come without caption files (the demo has no sound). */}
        <video
          ref={videoRef}
          src={item.path}
          lang="zh-CN"
          controls
          preload="auto"
          playsInline
          webkit-playsinline="true"
          x5-playsinline="true"
          x5-video-player-type="h5"
          controlsList="nodownload noplaybackrate"
          disablePictureInPicture
          aria-label={t.training.videoLabel(item.name)}
        />
      </div>
      {isUnplayable ? (
        <p className="study-message" role="alert">
          {t.training.videoUnplayable}
        </p>
      ) : null}
      <h2 className="study-title">{item.name}</h2>
      <p className="study-hint">
        {coverage !== null ? `${t.training.progress(Math.floor(shownCoverage(coverage) * 100))} · ` : ''}
        {t.training.seekHint}
      </p>
    </div>
  );
};

const formatClock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

const DocumentStudy = ({ item }: { item: Item }) => {
  const session = useStudySession(item);
  const [startedAt, setStartedAt] = useState<number>();
  const [now, setNow] = useState(Date.now());
  const [isSaving, setSaving] = useState(false);
  const isPdf = /\.pdf$/i.test(item.path);

  useEffect(() => {
    if (startedAt === undefined) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);

  const toggle = async () => {
    if (startedAt === undefined) {
      session.begin();
      setStartedAt(Date.now());
      setNow(Date.now());
      return;
    }
    setSaving(true);
    const isShort = Date.now() - startedAt < MIN_STUDY_MS;
    const isSaved = await session.end();
    setSaving(false);
    setStartedAt(undefined);
    if (isSaved) void showToast({ content: t.training.recordSaved, kind: 'success' });
    else if (isShort) void showToast({ content: t.training.tooShort });
  };

  return (
    <div className="study-document">
      <div className="study-document-bar">
        <span className="study-document-state" aria-live="polite">
          {startedAt !== undefined ? t.training.studying(formatClock(now - startedAt)) : item.name}
        </span>
        <Button
          color={startedAt === undefined ? 'primary' : 'warning'}
          size="small"
          loading={isSaving}
          onClick={() => void toggle()}
        >
          {startedAt === undefined ? t.training.startStudy : t.training.endStudy}
        </Button>
      </div>
      {isPdf ? (
        <LoadBoundary>
          <Suspense fallback={null}>
            <PdfViewer url={item.path} title={item.name} watermark={t.training.watermark} />
          </Suspense>
        </LoadBoundary>
      ) : (
        <div className="study-image">
          <img src={item.path} alt={t.training.imageAlt(item.name)} />
          <div className="study-watermark" aria-hidden="true">
            {Array.from({ length: 12 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical tiles
              <span key={index}>{t.training.watermark}</span>
            ))}
          </div>
        </div>
      )}
    </div>
  );
};

const VideoLearnPage = () => {
  const [params] = useSearchParams();
  const item: Item = {
    path: params.get('path') ?? '',
    studyId: Number(params.get('id')),
    materialId: Number(params.get('material')),
    name: params.get('name') ?? '',
  };
  if (!item.path.startsWith('/api/media/') || !(item.studyId > 0) || !(item.materialId > 0)) {
    return <EmptyState title={t.training.missingItem} />;
  }
  return isVideoPath(item.path) ? <VideoStudy item={item} /> : <DocumentStudy item={item} />;
};

export default VideoLearnPage;
