// Employee/IssueResetCode: a one-time code (and its link) to reset the employee's password, shown once.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';

export const useIssueResetCode = () =>
  useMutation({ mutationFn: (id: number) => callApi('issuePersonResetCode', { id }) });
