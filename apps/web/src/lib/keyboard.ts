// antd-mobile renders some tappable things (list rows, tab items) as elements without native keyboard
// activation. Screens give them tabIndex={0}; this makes Enter and Space click them like a button.
const NATIVE_TAGS = new Set(['BUTTON', 'INPUT', 'TEXTAREA', 'SELECT', 'SUMMARY']);

const isNativelyActivated = (element: HTMLElement) =>
  NATIVE_TAGS.has(element.tagName) || (element.tagName === 'A' && element.hasAttribute('href'));

export const installKeyboardActivation = (root: Document = document) => {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.hasAttribute('tabindex')) return;
    if (target.tabIndex < 0 || isNativelyActivated(target) || target.isContentEditable) return;
    event.preventDefault();
    target.click();
  };
  root.addEventListener('keydown', onKeyDown);
  return () => root.removeEventListener('keydown', onKeyDown);
};
