// Wechat/GetDeliveries and GetUndelivered: the in-app messages relayed to WeCom per event, and whom one did not reach.
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const DELIVERY_PAGE_SIZE = 20;

export const deliveryEventsQuery = (bu: Plant | '', page: number) =>
  queryOptions({
    queryKey: queryKeys.console.wecomDeliveries(bu, page),
    queryFn: ({ signal }) =>
      callApiEnvelope('getWecomDeliveries', { bu, CurrentPage: page, PageSize: DELIVERY_PAGE_SIZE }, { signal }),
    // Sending goes on in the background: the figures move while the page is open.
    refetchInterval: 15_000,
  });

export const undeliveredQuery = (key: string, bu: Plant | '', page: number) =>
  queryOptions({
    queryKey: queryKeys.console.wecomUndelivered(key, bu, page),
    queryFn: ({ signal }) =>
      callApiEnvelope('getWecomUndelivered', { key, bu, CurrentPage: page, PageSize: DELIVERY_PAGE_SIZE }, { signal }),
    staleTime: 0,
  });
