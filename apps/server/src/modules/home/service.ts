// Home page data: dictionaries, banners (the handbook's acceptance is the handbook module's).
import type { Banner, StateItem } from '@ess/contract/home';
import { and, asc, eq } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../db/client';
import { dictionaryItems } from '../../db/schema/index';
import { liveBanners } from '../banners/service';

export const getStateBaseInfo = async (db: Db, stateType: string, sysFunc: string): Promise<StateItem[]> =>
  db
    .select({ stateId: dictionaryItems.stateId, stateDescr: dictionaryItems.stateDescr })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.stateType, stateType), eq(dictionaryItems.sysFunc, sysFunc)))
    .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.stateId));

/** The banners live today for the caller's plant, as HR published them (轮播图). */
export const getBanners = (db: Db, caller: Caller): Promise<Banner[]> => liveBanners(db, caller);
