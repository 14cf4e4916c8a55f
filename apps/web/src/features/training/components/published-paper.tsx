// A paper HR published: before an attempt, its rules (questions, marks, time, attempts, due time) with the last
// result and 开始; during one, the questions the server drew for it with the time left by the server's clock, the
// answers saved to the server a moment after each change (and kept on the phone until the server has them, so a
// dropped network loses nothing), and 提交. When the time is up the phone submits what it has; if the phone is
// gone, the server submits what it saved.
import { type AnswerMap, missingRequired } from '@ess/contract/paper-engine';
import type { ExamType, PaperAttempt, PaperDetail, PersonExam } from '@ess/contract/training';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PaperForm, questionElementId, toEngineQuestion } from '../../../components/paper-form';
import { t } from '../../../i18n/zh-CN';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { queryKeys } from '../../../lib/query-keys';
import { showToast } from '../../../lib/toast';
import { saveAttemptAnswers, useStartAttempt, useSubmitAttempt } from '../api/papers';

const w = t.training.published;
/** A change is sent this long after the last keystroke; a save that failed is tried again this often. */
const SAVE_DELAY_MS = 1000;
const RETRY_MS = 5000;

type Backup = { seq: number; answers: AnswerMap };
const backupKey = (attemptId: number) => `ess:attempt:${attemptId}`;
const readBackup = (attemptId: number): Backup | undefined => {
  try {
    const stored = JSON.parse(window.localStorage.getItem(backupKey(attemptId)) ?? 'null') as Backup | null;
    return stored && typeof stored.seq === 'number' && stored.answers ? stored : undefined;
  } catch {
    return undefined;
  }
};
const writeBackup = (attemptId: number, backup: Backup) => {
  try {
    window.localStorage.setItem(backupKey(attemptId), JSON.stringify(backup));
  } catch {
    // A full or blocked storage leaves the server's copy.
  }
};

const clock = (seconds: number) => {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};

type SaveState = { kind: 'saved'; at: string } | { kind: 'saving' } | { kind: 'offline' } | { kind: 'idle' };

const AttemptForm = ({
  paper,
  attempt,
  examType,
}: {
  paper: PaperDetail;
  attempt: PaperAttempt;
  examType: ExamType;
}) => {
  const queryClient = useQueryClient();
  const submit = useSubmitAttempt(examType, paper.id);
  const idempotency = useIdempotencyKey();
  const questions = useMemo(() => paper.questions.map(toEngineQuestion), [paper.questions]);
  // The phone's copy wins when it is newer than the server's (saved while the network was gone).
  const [initial] = useState(() => {
    const backup = readBackup(attempt.id);
    const server = JSON.parse(attempt.answer) as AnswerMap;
    return backup && backup.seq > attempt.saveSeq ? backup : { seq: attempt.saveSeq, answers: server };
  });
  const [answers, setAnswers] = useState<AnswerMap>(initial.answers);
  const [missingIds, setMissingIds] = useState<ReadonlySet<number>>(new Set());
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const latest = useRef({ seq: initial.seq, answers: initial.answers });
  const sent = useRef(attempt.saveSeq);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [deadline] = useState(() => (attempt.secondsLeft === null ? null : Date.now() + attempt.secondsLeft * 1000));
  const [secondsLeft, setSecondsLeft] = useState(attempt.secondsLeft);
  const isOver = useRef(false);

  const over = useCallback(() => {
    window.localStorage.removeItem(backupKey(attempt.id));
    void queryClient.invalidateQueries({ queryKey: queryKeys.training.paper(examType, paper.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.training.answer(examType, paper.id) });
  }, [attempt.id, examType, paper.id, queryClient]);

  const save = useCallback(async () => {
    clearTimeout(timer.current);
    if (inFlight.current || isOver.current || latest.current.seq <= sent.current) return;
    inFlight.current = true;
    const { seq, answers: current } = latest.current;
    setSaveState({ kind: 'saving' });
    try {
      const saved = await saveAttemptAnswers({ paperId: paper.id, attemptId: attempt.id, seq, answer: current });
      sent.current = Math.max(sent.current, seq);
      setSaveState({ kind: 'saved', at: saved.savedAt.slice(11) });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'business') {
        // The attempt ended (its time, another phone): what was saved is its answer.
        isOver.current = true;
        void showToast({ content: error.message, kind: 'fail' });
        over();
        return;
      }
      setSaveState({ kind: 'offline' });
      timer.current = setTimeout(() => void save(), RETRY_MS);
    } finally {
      inFlight.current = false;
    }
    if (latest.current.seq > sent.current && !isOver.current)
      timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
  }, [attempt.id, over, paper.id]);

  useEffect(() => {
    const flush = () => {
      if (document.visibilityState === 'hidden') void save();
    };
    document.addEventListener('visibilitychange', flush);
    window.addEventListener('online', save);
    return () => {
      document.removeEventListener('visibilitychange', flush);
      window.removeEventListener('online', save);
      clearTimeout(timer.current);
    };
  }, [save]);

  const send = useCallback(
    (isTimeUp: boolean) => {
      const missing = isTimeUp ? [] : missingRequired(questions, latest.current.answers);
      if (missing.length > 0) {
        setMissingIds(new Set(missing.map((question) => question.id)));
        void showToast({ content: t.training.requiredMissing, kind: 'fail' });
        document.getElementById(questionElementId(missing[0]?.id ?? 0))?.scrollIntoView({ block: 'center' });
        return;
      }
      isOver.current = true;
      clearTimeout(timer.current);
      const cleaned = Object.fromEntries(
        Object.entries(latest.current.answers).filter(([, value]) => value.trim() !== ''),
      );
      submit.mutate(
        { attemptId: attempt.id, answer: cleaned, idempotencyKey: idempotency.key },
        {
          onSuccess: () => {
            idempotency.renew();
            void showToast({ content: t.training.submitted, kind: 'success' });
            // The page turns into the score: shown from its top, in the app's scrolling frame as in a tab of its own.
            window.scrollTo({ top: 0 });
            document.querySelector('main.app-main')?.scrollTo({ top: 0 });
            over();
          },
          onError: (error) => {
            if (error instanceof ApiError && error.kind === 'business') over();
            else isOver.current = false;
          },
        },
      );
    },
    [attempt.id, idempotency, over, questions, submit],
  );

  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => {
      const left = (deadline - Date.now()) / 1000;
      setSecondsLeft(Math.max(0, left));
      if (left <= 0 && !isOver.current) {
        clearInterval(tick);
        void showToast({ content: w.timeUp, kind: 'fail' });
        send(true);
      }
    }, 1000);
    return () => clearInterval(tick);
  }, [deadline, send]);

  const change = (patch: AnswerMap) => {
    const next = { ...latest.current.answers, ...patch };
    latest.current = { seq: latest.current.seq + 1, answers: next };
    writeBackup(attempt.id, latest.current);
    setAnswers(next);
    if (missingIds.size > 0) setMissingIds(new Set(missingRequired(questions, next).map((question) => question.id)));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
  };

  return (
    <>
      <div className="paper-attempt-bar" role="status" aria-live="polite">
        {secondsLeft !== null ? (
          <span className={secondsLeft < 60 ? 'paper-time paper-time-short' : 'paper-time'}>
            {w.timeLeft(clock(secondsLeft))}
          </span>
        ) : null}
        <span className="paper-save">
          {saveState.kind === 'saved'
            ? w.savedAt(saveState.at)
            : saveState.kind === 'saving'
              ? w.saving
              : saveState.kind === 'offline'
                ? w.offline
                : w.autosave}
        </span>
      </div>
      <PaperForm questions={paper.questions} answers={answers} onChange={change} missingIds={missingIds} />
      <div className="paper-actions">
        <Button block color="primary" size="large" loading={submit.isPending} onClick={() => send(false)}>
          {t.training.submit}
        </Button>
      </div>
    </>
  );
};

const RulesCard = ({ paper, examType }: { paper: PaperDetail; examType: ExamType }) => {
  const rules = paper.rules;
  if (!rules) return null;
  const lines = [
    w.questions(rules.questionCount, examType === 'EXAM' ? paper.maxScore : null),
    examType === 'EXAM' && rules.passScore !== null ? w.passScore(rules.passScore) : null,
    examType === 'EXAM' ? (rules.timeLimitMinutes ? w.timeLimit(rules.timeLimitMinutes) : w.noTimeLimit) : null,
    w.closesAt(rules.closesAt),
    examType === 'EXAM' ? w.attempts(rules.attemptsUsed, rules.maxAttempts) : null,
    rules.isAnonymous ? w.anonymous : null,
  ].filter((line): line is string => line !== null);
  return (
    <ul className="paper-rules">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
};

export const PublishedPaper = ({
  paper,
  examType,
  previous,
}: {
  paper: PaperDetail;
  examType: ExamType;
  previous: PersonExam | null;
}) => {
  const start = useStartAttempt(examType, paper.id);
  const rules = paper.rules;
  return (
    <div className="paper-page">
      <header className="paper-header">
        <h2>{paper.testName}</h2>
        {paper.description ? <p>{paper.description}</p> : null}
        {!paper.attempt ? <RulesCard paper={paper} examType={examType} /> : null}
        {!paper.attempt && previous ? (
          <div className="paper-submitted" role="status">
            {previous.score !== null ? (
              <p className="paper-score">{t.training.scoreBanner(previous.score, previous.maxScore)}</p>
            ) : (
              <p>{t.training.readOnly}</p>
            )}
            {previous.isPassed !== null ? <p>{previous.isPassed ? w.passed : w.failed}</p> : null}
            <p className="paper-muted">{t.training.submittedAt(previous.submittedAt)}</p>
          </div>
        ) : null}
      </header>
      {paper.attempt ? (
        <AttemptForm key={paper.attempt.id} paper={paper} attempt={paper.attempt} examType={examType} />
      ) : (
        <>
          {rules?.startRefusal ? <p className="paper-refusal">{rules.startRefusal}</p> : null}
          {!rules?.startRefusal ? (
            <div className="paper-actions">
              <Button block color="primary" size="large" loading={start.isPending} onClick={() => start.mutate()}>
                {previous ? w.again : examType === 'EXAM' ? w.startExam : w.startSurvey}
              </Button>
            </div>
          ) : null}
          {previous && paper.questions.length > 0 ? (
            <>
              {Object.keys(previous.review).length > 0 ? (
                <p className="paper-muted paper-review-note">{w.reviewShown}</p>
              ) : null}
              <PaperForm
                questions={paper.questions}
                answers={JSON.parse(previous.answer) as AnswerMap}
                results={examType === 'EXAM' ? previous.results : undefined}
                review={previous.review}
              />
            </>
          ) : null}
        </>
      )}
    </div>
  );
};
