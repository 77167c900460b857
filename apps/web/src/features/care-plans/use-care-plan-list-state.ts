import { useMemo } from 'react';
import {
  CARE_PLAN_KINDS,
  CARE_PLAN_STATUSES,
  isDateString,
  type CarePlanKind,
  type CarePlanStatus,
} from '@clinic/shared';
import { readChoice, readPage, SEARCH_HIDDEN, useAddressState } from '@/hooks/use-address-state';

export type CarePlanTab = 'plans' | 'call-back';
export type CarePlanView = {
  tab: CarePlanTab;
  kind: CarePlanKind | '';
  status: CarePlanStatus | '';
  nextBefore: string;
  q: string;
  page: number;
};

const DEFAULTS: CarePlanView = { tab: 'plans', kind: '', status: '', nextBefore: '', q: '', page: 1 };

function read(search: URLSearchParams): CarePlanView {
  const nextBefore = search.get('nextBefore') ?? '';
  return {
    tab: readChoice<CarePlanTab>(search, 'tab', ['plans', 'call-back'], 'plans'),
    kind: readChoice<CarePlanKind | ''>(search, 'kind', CARE_PLAN_KINDS, ''),
    status: readChoice<CarePlanStatus | ''>(search, 'status', CARE_PLAN_STATUSES, ''),
    nextBefore: isDateString(nextBefore) ? nextBefore : '',
    q: (search.get('q') ?? '').trim(),
    page: readPage(search),
  };
}

/** The plan list's tab and filters in the address; her name or phone searched is kept out of it. */
export function useCarePlanListState(pageSize: number) {
  const { params, update } = useAddressState(DEFAULTS, read, undefined, SEARCH_HIDDEN);
  const query = useMemo(
    () => ({
      page: params.page,
      size: pageSize,
      kind: params.kind || undefined,
      status: params.status || undefined,
      nextBefore: params.nextBefore || undefined,
      q: params.q || undefined,
    }),
    [params, pageSize],
  );
  return { params, query, update };
}
