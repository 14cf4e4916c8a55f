// A menu of actions hanging from a trigger (the top bar's 反馈 / 刷新, the footer's quick links). antd-mobile's
// Popover, and the floating-ui positioning under it (11 KB brotli), load when a menu is first about to open, not
// with every screen: until then the trigger stands alone, and touching or focusing it starts the download.
import { cloneElement, type ReactElement, Suspense, useEffect, useState } from 'react';
import { LoadBoundary } from '../../components/load-boundary';
import { retryableLazy } from '../../lib/code-load';
import type { ActionMenuProps } from './action-menu-popover';

export type { MenuAction } from './action-menu-popover';

const loadPopover = () => import('./action-menu-popover');
const ActionMenuPopover = retryableLazy(loadPopover);

type TriggerProps = { onClick?: () => void; onPointerDown?: () => void; onFocus?: () => void };

export const ActionMenu = (props: ActionMenuProps) => {
  const { children, visible, onVisibleChange, trigger = 'click' } = props;
  const [hasOpened, setHasOpened] = useState(visible);
  useEffect(() => {
    if (visible) setHasOpened(true);
  }, [visible]);

  if (hasOpened) {
    // Without the network the menu's code may not arrive: the trigger stays, the toast says why, and the next
    // touch loads it again.
    const closeAfterFailure = () => {
      setHasOpened(false);
      onVisibleChange(false);
    };
    return (
      <LoadBoundary fallback={() => children} onFailure={closeAfterFailure}>
        <Suspense fallback={children}>
          <ActionMenuPopover {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  const prefetch = () => void loadPopover().catch(() => {});
  const own = (children as ReactElement<TriggerProps>).props;
  return cloneElement(children as ReactElement<TriggerProps>, {
    onPointerDown: () => {
      prefetch();
      own.onPointerDown?.();
    },
    onFocus: () => {
      prefetch();
      own.onFocus?.();
    },
    // A 'manual' menu is opened by its owner; a 'click' one by its trigger, as the Popover will do from now on.
    ...(trigger === 'click' && {
      onClick: () => {
        own.onClick?.();
        onVisibleChange(true);
      },
    }),
  });
};
