// One QueryClient per page load. No automatic retries or focus refetches: on a weak network a retry
// storm costs more than it saves, and every failure already told the user (toast or error state).
import { QueryClient } from '@tanstack/react-query';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
