// One paper (an exam or a survey): its questions to answer, kept on the phone until submitted (a reload keeps
// them), the must-answer check before sending (scrolling to the first missing one), then 提交成功 and back. A
// paper already answered shows that answer read-only, with the score of an exam, and no submit button.
import { type AnswerMap, missingRequired } from '@ess/contract/paper-engine';
import type { ExamType } from '@ess/contract/training';
import { Button } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PaperForm, questionElementId, toEngineQuestion } from '../../../components/paper-form';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states';
import { t } from '../../../i18n/zh-CN';
import { useSignedInUser } from '../../../lib/current-user';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { showToast } from '../../../lib/toast';
import { usePaperDetail, usePersonExam, useSubmitPaper } from '../api/papers';
import { PublishedPaper } from './published-paper';
import '../training.css';

const draftKey = (account: string, examType: ExamType, id: number) => `ess:paper-draft:${account}:${examType}:${id}`;

const readDraft = (key: string): AnswerMap => {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as AnswerMap) : {};
  } catch {
    return {};
  }
};

const writeDraft = (key: string, answers: AnswerMap) => {
  try {
    window.localStorage.setItem(key, JSON.stringify(answers));
  } catch {
    // A full or blocked storage only loses the draft.
  }
};

const LIST_PATHS: Record<ExamType, string> = { EXAM: '/paper/paper-list', DEMAND: '/user/my-demand' };

export const PaperPage = ({ examType }: { examType: ExamType }) => {
  const [params] = useSearchParams();
  const id = Number(params.get('Id') ?? params.get('id'));
  const navigate = useNavigate();
  const { profile } = useSignedInUser();
  const storageKey = draftKey(profile.userAccount, examType, id);
  const detail = usePaperDetail(examType, id);
  const previous = usePersonExam(examType, id);
  const submit = useSubmitPaper(examType, id);
  const idempotency = useIdempotencyKey();
  const [answers, setAnswers] = useState<AnswerMap>(() => readDraft(storageKey));
  const [missingIds, setMissingIds] = useState<ReadonlySet<number>>(new Set());
  const questions = useMemo(() => (detail.data?.questions ?? []).map(toEngineQuestion), [detail.data]);

  useEffect(() => {
    if (previous.data) window.localStorage.removeItem(storageKey);
  }, [previous.data, storageKey]);

  if (!(id > 0)) return <EmptyState title={t.training.missingItem} />;
  if (detail.isPending || previous.isPending) return <LoadingState lines={4} blocks={3} />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  if (previous.isError) return <ErrorState error={previous.error} onRetry={() => void previous.refetch()} />;
  const paper = detail.data;
  const submitted = previous.data;
  // Published by HR: answered in attempts the server keeps.
  if (paper.rules) return <PublishedPaper paper={paper} examType={examType} previous={submitted ?? null} />;

  const change = (patch: AnswerMap) => {
    setAnswers((current) => {
      const next = { ...current, ...patch };
      writeDraft(storageKey, next);
      return next;
    });
    if (missingIds.size > 0)
      setMissingIds(new Set(missingRequired(questions, { ...answers, ...patch }).map((q) => q.id)));
  };

  const send = () => {
    const missing = missingRequired(questions, answers);
    if (missing.length > 0) {
      setMissingIds(new Set(missing.map((question) => question.id)));
      void showToast({ content: t.training.requiredMissing, kind: 'fail' });
      const first = document.getElementById(questionElementId(missing[0]?.id ?? 0));
      first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      first?.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true });
      return;
    }
    const cleaned = Object.fromEntries(Object.entries(answers).filter(([, value]) => value.trim() !== ''));
    submit.mutate(
      { answer: cleaned, idempotencyKey: idempotency.key },
      {
        onSuccess: () => {
          window.localStorage.removeItem(storageKey);
          idempotency.renew();
          void showToast({ content: t.training.submitted, kind: 'success' });
          if (examType === 'EXAM') {
            // The page turns into the submitted answer with its score (the answer is in the cache already): the
            // worker sees how they did, also when the exam was opened from a link in a tab of its own.
            window.scrollTo({ top: 0 });
            document.querySelector('main.app-main')?.scrollTo({ top: 0 });
            return;
          }
          // Back to where the survey was opened from; opened from a link (nothing to go back to), to the list.
          const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
          if (index > 0) navigate(-1);
          else navigate(LIST_PATHS[examType], { replace: true });
        },
      },
    );
  };

  return (
    <div className="paper-page">
      <header className="paper-header">
        <h2>{paper.testName}</h2>
        {paper.description ? <p>{paper.description}</p> : null}
        {submitted ? (
          <div className="paper-submitted" role="status">
            <p>{t.training.readOnly}</p>
            {submitted.score !== null ? (
              <p className="paper-score">{t.training.scoreBanner(submitted.score, submitted.maxScore)}</p>
            ) : null}
            <p className="paper-muted">{t.training.submittedAt(submitted.submittedAt)}</p>
          </div>
        ) : null}
      </header>
      {submitted ? (
        <PaperForm
          questions={paper.questions}
          answers={JSON.parse(submitted.answer) as AnswerMap}
          results={examType === 'EXAM' ? submitted.results : undefined}
        />
      ) : (
        <>
          <PaperForm questions={paper.questions} answers={answers} onChange={change} missingIds={missingIds} />
          <div className="paper-actions">
            <Button block color="primary" size="large" loading={submit.isPending} onClick={send}>
              {t.training.submit}
            </Button>
          </div>
        </>
      )}
    </div>
  );
};
