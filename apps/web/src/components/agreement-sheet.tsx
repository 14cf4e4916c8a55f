// An agreement the employee must accept before an action (the electronic-signature law before personal data is
// sent, the use of the face image before the attendance photo): a sheet with the text, a checkbox, and a confirm
// button that is enabled only once the box is ticked. Closing it (×, back, Esc) agrees to nothing.
import { Button, Checkbox } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { Sheet } from './sheet';
import './agreement-sheet.css';

type AgreementSheetProps = {
  visible: boolean;
  title: string;
  children: ReactNode;
  /** The checkbox's text: 我已阅读并同意… */
  agreeText: string;
  confirmText: string;
  onConfirm: () => void;
  onClose: () => void;
  isConfirming?: boolean;
};

export const AgreementSheet = ({
  visible,
  title,
  children,
  agreeText,
  confirmText,
  onConfirm,
  onClose,
  isConfirming = false,
}: AgreementSheetProps) => {
  const [isAgreed, setAgreed] = useState(false);
  // Each time it opens, the employee agrees anew.
  useEffect(() => {
    if (visible) setAgreed(false);
  }, [visible]);
  return (
    <Sheet
      visible={visible}
      title={title}
      onClose={onClose}
      footer={
        <div className="agreement-footer">
          <Checkbox checked={isAgreed} onChange={setAgreed}>
            {agreeText}
          </Checkbox>
          <Button color="primary" block disabled={!isAgreed} loading={isConfirming} onClick={onConfirm}>
            {confirmText}
          </Button>
        </div>
      }
    >
      <div className="agreement-text">{children}</div>
    </Sheet>
  );
};
