// The handbook dialog forced on employees who have not accepted the version current for their plant (appReadStatus
// N): no way to dismiss it; 确认 enables only after ticking the agreement, and accepts the version shown. When another
// version became current meanwhile, the server refuses and the profile is read again, so the new one shows.
import type { CurrentHandbook } from '@ess/contract/handbook';
import { HandbookAcceptance } from '../../../components/handbook-acceptance';
import { useModifyReadStatus } from '../api/modify-read-status';

const HandbookGate = ({ version }: { version: CurrentHandbook | null }) => {
  const confirm = useModifyReadStatus();
  return (
    <HandbookAcceptance version={version} isPending={confirm.isPending} onConfirm={() => confirm.mutate(version?.id)} />
  );
};

export default HandbookGate;
