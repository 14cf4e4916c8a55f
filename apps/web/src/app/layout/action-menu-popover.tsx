// The menu of ./action-menu.tsx, once opened: antd-mobile's Popover. Every action is a real button, and not
// inside an anchor as Popover.Menu renders them; the open menu takes the keyboard focus, Esc closes it and
// the focus goes back to where it was.
import { Popover } from 'antd-mobile';
import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';

export type MenuAction = { key: string; text: string; icon?: ReactNode };

export type ActionMenuProps = {
  actions: readonly MenuAction[];
  onAction: (key: string) => void;
  children: ReactElement;
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
  placement?: 'bottom-end' | 'top';
  /** 'manual': the caller opens and closes it (the anchor is not what the user taps). */
  trigger?: 'click' | 'manual';
};

const ActionMenuPopover = ({
  actions,
  onAction,
  children,
  visible,
  onVisibleChange,
  placement = 'bottom-end',
  trigger = 'click',
}: ActionMenuProps) => {
  const listRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(() => onVisibleChange(false));
  closeRef.current = () => onVisibleChange(false);

  useEffect(() => {
    if (!visible) return;
    const returnTo = document.activeElement;
    // After the popover has been laid out (it renders into the body on first open).
    const focusFirst = window.requestAnimationFrame(() =>
      listRef.current?.querySelector('button')?.focus({ preventScroll: true }),
    );
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      window.cancelAnimationFrame(focusFirst);
      document.removeEventListener('keydown', closeOnEscape);
      // Back to the trigger, unless the user has already put the focus somewhere else.
      const focused = document.activeElement;
      const isFocusLeftInMenu = !focused || focused === document.body || listRef.current?.contains(focused);
      if (isFocusLeftInMenu && returnTo instanceof HTMLElement) returnTo.focus({ preventScroll: true });
    };
  }, [visible]);

  return (
    <Popover
      className="adm-popover-menu"
      trigger={trigger === 'click' ? 'click' : undefined}
      placement={placement}
      visible={visible}
      onVisibleChange={onVisibleChange}
      content={
        <div className="adm-popover-menu-list">
          <div className="adm-popover-menu-list-inner" ref={listRef}>
            {actions.map((action) => (
              <button
                key={action.key}
                type="button"
                className="adm-popover-menu-item action-menu-item"
                onClick={() => {
                  onVisibleChange(false);
                  onAction(action.key);
                }}
              >
                {action.icon && (
                  <span className="adm-popover-menu-item-icon" aria-hidden="true">
                    {action.icon}
                  </span>
                )}
                <span className="adm-popover-menu-item-text">{action.text}</span>
              </button>
            ))}
          </div>
        </div>
      }
    >
      {children}
    </Popover>
  );
};

export default ActionMenuPopover;
