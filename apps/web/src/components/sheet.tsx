// A bottom sheet dialog (antd-mobile Popup) with a titled header, used for the handbook and feedback.
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { t } from '../i18n/zh-CN';
import { useBackToClose } from '../lib/back-to-close';
import './sheet.css';

type SheetProps = {
  visible: boolean;
  title: string;
  /** Without onClose the sheet cannot be dismissed (the forced handbook). */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Tall sheets hold documents; short ones hold forms. */
  size?: 'tall' | 'auto';
};

export const Sheet = ({ visible, title, onClose, children, footer, size = 'auto' }: SheetProps) => {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useBackToClose(visible, onClose);

  useEffect(() => {
    if (!visible) return;
    // Screen readers and keyboards start inside the dialog, not behind it, and go back to where they were after.
    const returnTo = document.activeElement;
    dialogRef.current?.focus();
    return () => {
      if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, [visible]);

  return (
    <Popup
      visible={visible}
      position="bottom"
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName={size === 'tall' ? 'sheet-body sheet-body-tall' : 'sheet-body'}
    >
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={dialogRef}>
        <div className="sheet-header">
          <h2 className="sheet-title" id={titleId}>
            {title}
          </h2>
          {onClose && (
            <button type="button" className="icon-button" aria-label={t.common.close} onClick={onClose}>
              <CloseOutline />
            </button>
          )}
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long sheet scrolls here, and a keyboard must reach it to scroll. */}
        <div className="sheet-content" tabIndex={0}>
          {children}
        </div>
        {footer && <div className="sheet-footer">{footer}</div>}
      </div>
    </Popup>
  );
};
