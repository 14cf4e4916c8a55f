// The handbook dialog forced on employees who have not confirmed reading it (appReadStatus N):
// no way to dismiss it; 确认 enables only after ticking the agreement.
import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { HANDBOOK_URL } from '../../../components/handbook';
import { PdfViewer } from '../../../components/pdf-viewer';
import { Sheet } from '../../../components/sheet';
import { t } from '../../../i18n/zh-CN';
import { useModifyReadStatus } from '../api/modify-read-status';

const HandbookGate = () => {
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
            onClick={() => confirm.mutate()}
          >
            {t.handbook.confirm}
          </Button>
        </div>
      }
    >
      <p className="handbook-gate-hint">{t.handbook.mustRead}</p>
      <PdfViewer url={HANDBOOK_URL} title={t.handbook.title} />
    </Sheet>
  );
};

export default HandbookGate;
