// A console change: the server's msg shown as it succeeds, then what it changed read again. A failure is told by
// the QueryClient's MutationCache (lib/query-client.ts), once, like every mutation of the app.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../lib/toast';

export const useConsoleMutation = <Input, Answer extends { msg: string }>({
  call,
  invalidates,
}: {
  call: (input: Input) => Promise<Answer>;
  invalidates: readonly QueryKey[];
}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      void showToast({ content: answer.msg, durationMs: 3000 });
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
};
