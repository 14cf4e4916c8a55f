// Home page data: dictionaries, banners (the handbook's acceptance is the handbook module's).
import type { Banner, StateItem } from '@ess/contract/home';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners, dictionaryItems } from '../../db/schema/index';

export const getStateBaseInfo = async (db: Db, stateType: string, sysFunc: string): Promise<StateItem[]> =>
  db
    .select({ stateId: dictionaryItems.stateId, stateDescr: dictionaryItems.stateDescr })
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.stateType, stateType), eq(dictionaryItems.sysFunc, sysFunc)))
    .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.stateId));

export const getBanners = async (db: Db): Promise<Banner[]> =>
  db
    .select({ id: banners.id, title: banners.title, imageUrl: banners.imageUrl })
    .from(banners)
    .where(eq(banners.isActive, true))
    .orderBy(asc(banners.sort), asc(banners.id));
