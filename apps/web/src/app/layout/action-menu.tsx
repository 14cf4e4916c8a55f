// antd-mobile's Popover.Menu with every action rendered as a real button, so the open menu can be
// used with the keyboard too (its own items are anchors without href).
import { Popover } from 'antd-mobile';
import type { ReactElement, ReactNode } from 'react';

export type MenuAction = { key: string; text: string; icon?: ReactNode };

type ActionMenuProps = {
  actions: readonly MenuAction[];
  onAction: (key: string) => void;
  children: ReactElement;
  placement?: 'bottom-end' | 'top';
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
  /** 'manual': the caller opens and closes it (the anchor is not what the user taps). */
  trigger?: 'click' | 'manual';
};

export const ActionMenu = ({
  actions,
  onAction,
  children,
  placement = 'bottom-end',
  visible,
  onVisibleChange,
  trigger = 'click',
}: ActionMenuProps) => (
  <Popover.Menu
    trigger={trigger === 'click' ? 'click' : undefined}
    placement={placement}
    visible={visible}
    onVisibleChange={onVisibleChange}
    actions={actions.map((action) => ({
      key: action.key,
      icon: action.icon,
      text: (
        <button type="button" className="menu-action-button">
          {action.text}
        </button>
      ),
    }))}
    onAction={(action) => onAction(String(action.key))}
  >
    {children}
  </Popover.Menu>
);
