// List rows that do something, as real links and buttons: antd-mobile's tappable List.Item is an anchor
// without href (no role, no keyboard). The link or button covers the whole row, so the row stays the tap
// target; prefix, description and extra are laid out by List.Item as usual.
import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

type RowProps = {
  children: ReactNode;
  prefix?: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  className?: string;
  /** The › at the end; rows that open something show it. */
  hasArrow?: boolean;
};

const rowClass = (className: string | undefined) => (className ? `action-row ${className}` : 'action-row');

/** A row that opens a screen of the app. */
export const LinkRow = ({ to, children, hasArrow = true, className, ...row }: RowProps & { to: string }) => (
  <List.Item {...row} className={rowClass(className)} arrow={hasArrow}>
    <Link to={to} className="action-row-target">
      {children}
    </Link>
  </List.Item>
);

/** A row that acts in place (opens a sheet, a picker, a confirmation). */
export const ButtonRow = ({
  onClick,
  children,
  hasArrow = true,
  className,
  hasPopup,
  ...row
}: RowProps & { onClick: () => void; hasPopup?: 'dialog' | 'menu' }) => (
  <List.Item {...row} className={rowClass(className)} arrow={hasArrow}>
    <button type="button" className="action-row-target" onClick={onClick} aria-haspopup={hasPopup}>
      {children}
    </button>
  </List.Item>
);
