// The handbook dialog forced on employees who have not accepted the version current for their plant (appReadStatus
// N): no way to dismiss it; 确认 enables only after ticking the agreement, and accepts the version shown (its label
// and the day it took effect above it). When another version became current meanwhile, the server refuses and the
// profile is read again, so the new one shows. Without a published version it is the handbook the app ships.
import type { CurrentHandbook } from '@ess/contract/handbook';
import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { HANDBOOK_URL } from '../../../components/handbook';
import { PdfViewer } from '../../../components/pdf-viewer';
import { Sheet } from '../../../components/sheet';
import { t } from '../../../i18n/zh-CN';
import { useModifyReadStatus } from '../api/modify-read-status';

const HandbookGate = ({ version }: { version: CurrentHandbook | null }) => {
  const [isAgreed, setAgreed] = useState(false);
  const confirm = useModifyReadStatus();
  return (
    <Sheet
      visible
      title={t.handbook.title}
      size="tall"
      footer={
        <div className="handbook-gate-footer">
          <Checkbox checked={isAgreed} onChange={setAgreed}>
            {t.handbook.agree}
          </Checkbox>
          <Button
            color="primary"
            block
            disabled={!isAgreed}
            loading={confirm.isPending}
            onClick={() => confirm.mutate(version?.id)}
          >
            {t.handbook.confirm}
          </Button>
        </div>
      }
    >
      <p className="handbook-gate-hint">
        {version ? t.handbook.mustReadVersion(version.label, version.effectiveDate) : t.handbook.mustRead}
      </p>
      <PdfViewer
        url={version?.url ?? HANDBOOK_URL}
        title={version ? t.handbook.titleOf(version.label) : t.handbook.title}
      />
    </Sheet>
  );
};

export default HandbookGate;
