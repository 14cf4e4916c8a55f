// antd-mobile's Picker and DatePicker are made for fingers: 取消 and 确定 are anchors without href, and each
// wheel has hidden buttons meant for screen readers only. Here an open picker becomes a named dialog a keyboard
// can use: Tab reaches 取消, 确定 and each column (and stays inside), ↑ and ↓ turn the focused column, Enter and
// Space press.

const HEADER_BUTTON = 'adm-picker-header-button';
const COLUMN_CURRENT = 'adm-picker-view-column-accessible-current';

/** Makes the picker whose root carries `className` usable by keyboard; answers the clean-up. */
export const makePickerKeyboardAccessible = (className: string, name: string): (() => void) => {
  const root = document.querySelector<HTMLElement>(`.${className}`);
  if (!root) return () => {};
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-modal', 'true');
  root.setAttribute('aria-label', name);
  const makeFocusable = () => {
    for (const element of root.querySelectorAll<HTMLElement>(`.${HEADER_BUTTON}, .${COLUMN_CURRENT}`)) {
      // The attribute, not the property: an anchor without href reports tabIndex 0 and still takes no focus.
      if (element.getAttribute('tabindex') !== '0') element.setAttribute('tabindex', '0');
    }
  };
  makeFocusable();
  // A wheel re-renders its hidden buttons as the value moves.
  const observer = new MutationObserver(makeFocusable);
  observer.observe(root, { subtree: true, childList: true });

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Tab') {
      // A modal dialog: the focus goes round inside it.
      const stops = Array.from(root.querySelectorAll<HTMLElement>(`.${HEADER_BUTTON}, .${COLUMN_CURRENT}`));
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (event.shiftKey && target === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && target === last) {
        event.preventDefault();
        first?.focus();
      }
      return;
    }
    if (target.classList.contains(HEADER_BUTTON) && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      target.click();
    }
    if (target.classList.contains(COLUMN_CURRENT) && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      // The column's hidden buttons: the current value, then the previous and the next one.
      const [, previous, next] = Array.from(target.parentElement?.children ?? []) as HTMLElement[];
      (event.key === 'ArrowUp' ? previous : next)?.click();
    }
  };
  root.addEventListener('keydown', onKeyDown);
  root.querySelector<HTMLElement>(`.${COLUMN_CURRENT}`)?.focus({ preventScroll: true });
  return () => {
    observer.disconnect();
    root.removeEventListener('keydown', onKeyDown);
  };
};
