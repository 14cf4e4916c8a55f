// Right after signing in, when the handbook version current for the worker's plant is not accepted yet: the version
// to read and accept before going on. A refusal (another version became current meanwhile) is told, and the worker
// goes on to home, whose gate shows the version current then.
import type { CurrentHandbook } from '@ess/contract/handbook';
import { useState } from 'react';
import { HandbookAcceptance } from '../../components/handbook-acceptance';
import { callApi, describeError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';

const HandbookAcceptancePopup = ({
  version,
  onDone,
}: {
  version: CurrentHandbook;
  /** Accepted: go on as the sign-in meant to; refused: go home, where the gate asks again. */
  onDone: (isAccepted: boolean) => void;
}) => {
  const [isPending, setPending] = useState(false);
  const accept = async () => {
    setPending(true);
    try {
      await callApi('modifyReadStatus', { readStatus: 'Y', versionId: version.id });
      onDone(true);
    } catch (error) {
      void showToast({ content: describeError(error), kind: 'fail', durationMs: 3000 });
      onDone(false);
    }
  };
  return <HandbookAcceptance version={version} isPending={isPending} onConfirm={() => void accept()} />;
};

export default HandbookAcceptancePopup;
