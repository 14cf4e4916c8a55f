// Where a screen's code failed to load (lib/code-load.ts), the app shows why and a 重试 instead of going blank:
// inside the layout for a screen, in place of the whole page when the layout's own code did not arrive. A redeploy
// (the old files gone) reloads the page once to the new version. Plain markup and the shell's texts, so it costs
// /login nothing; an error that is not a failed load (a bug) gets the same way out rather than a white page.
import { Component, type ReactNode } from 'react';
import { t } from '../i18n/zh-CN-shell';
import { CodeLoadError, reloadOnce, retryFailedLoads, servedVersion } from '../lib/code-load';
import { showToast } from '../lib/toast';

type Props = {
  children: ReactNode;
  /** What stands in place of the failed part; by default the message with 重试. */
  fallback?: (retry: () => void) => ReactNode;
  /** Told once the failure has been shown (a popup closes itself; its next opening loads again). */
  onFailure?: () => void;
  /** Loads again when this changes after a failure (the address: the worker went elsewhere). */
  resetKey?: string;
};

type State = { error: unknown };

/** A failure this soon after 重试 while the server answers is the same load failing again. */
const RETRY_WINDOW_MS = 30_000;

export class LoadBoundary extends Component<Props, State> {
  state: State = { error: undefined };
  private retriedAt = 0;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  componentDidUpdate(previous: Props) {
    if (this.state.error !== undefined && this.props.resetKey !== previous.resetKey) this.retry();
  }

  componentWillUnmount() {
    // A part that failed and went (a popup closed) loads again when it is next shown.
    if (this.state.error !== undefined) retryFailedLoads();
  }

  componentDidCatch(error: unknown) {
    void this.explain(error);
  }

  private async explain(error: unknown) {
    if (error instanceof CodeLoadError) {
      const version = await servedVersion();
      // A redeploy, or a load failing again right after 重试 while the server answers (old browsers remember a
      // failed load for good): only a reload helps.
      const isFailingAgain = version === 'same' && Date.now() - this.retriedAt < RETRY_WINDOW_MS;
      if ((version === 'new' || isFailingAgain) && reloadOnce()) return;
    } else {
      console.error(error);
    }
    // The toast's own code may not arrive either: the message in place says the same.
    void showToast({ content: t.api.serverError, kind: 'fail', durationMs: 3000 }).catch(() => {});
    this.props.onFailure?.();
  }

  private retry = () => {
    this.retriedAt = Date.now();
    retryFailedLoads();
    this.setState({ error: undefined });
  };

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.retry);
    return (
      <div className="load-failed" role="alert">
        <p className="load-failed-message">{t.api.serverError}</p>
        <button type="button" className="load-failed-retry" onClick={this.retry}>
          {t.common.retryLoad}
        </button>
      </div>
    );
  }
}
