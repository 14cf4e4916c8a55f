// The handbook version an employee must accept before going on: its PDF, which version it is (label, the day it took
// effect), the agreement to tick, then 确认. It cannot be dismissed. The sign-in screen shows it right after signing in
// when the answer says the current version is not accepted yet; home shows it to a signed-in employee whose profile
// says so. Without a published version it is the handbook the app ships.
import type { CurrentHandbook } from '@ess/contract/handbook';
import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { t } from '../i18n/zh-CN';
import { HANDBOOK_URL } from './handbook';
import { PdfViewer } from './pdf-viewer';
import { Sheet } from './sheet';
import './handbook-acceptance.css';

export const HandbookAcceptance = ({
  version,
  isPending,
  onConfirm,
}: {
  version: CurrentHandbook | null;
  isPending: boolean;
  onConfirm: () => void;
}) => {
  const [isAgreed, setAgreed] = useState(false);
  return (
    <Sheet
      visible
      title={t.handbook.title}
      size="tall"
      footer={
        <div className="handbook-acceptance-footer">
          <Checkbox checked={isAgreed} onChange={setAgreed}>
            {t.handbook.agree}
          </Checkbox>
          <Button color="primary" block disabled={!isAgreed} loading={isPending} onClick={onConfirm}>
            {t.handbook.confirm}
          </Button>
        </div>
      }
    >
      <p className="handbook-acceptance-hint">
        {version ? t.handbook.mustReadVersion(version.label, version.effectiveDate) : t.handbook.mustRead}
      </p>
      <PdfViewer
        url={version?.url ?? HANDBOOK_URL}
        title={version ? t.handbook.titleOf(version.label) : t.handbook.title}
      />
    </Sheet>
  );
};
