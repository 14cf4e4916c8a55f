// Which materials a caller manages: those of their plants, and the whole company's for a SysAdmin. Apart from the
// service so the assignments, which the service hands on to other modules, can use it too.
import { type SQL, sql } from 'drizzle-orm';
import { type Caller, hasRole } from '../../core/caller';
import { trainingMaterials } from '../../db/schema/index';

/** Whether the caller manages a material of this plant (null: the whole company's, the SysAdmin's). */
export const mayManageMaterial = (caller: Caller, bu: string | null) =>
  bu === null ? hasRole(caller, 'SysAdmin') : caller.adminPlants.has(bu);

export const managedBy = (caller: Caller): SQL => {
  const plants = `{${[...caller.adminPlants].join(',')}}`;
  const ofPlants = sql`${trainingMaterials.bu} = any(${plants}::text[])`;
  return hasRole(caller, 'SysAdmin') ? sql`(${trainingMaterials.bu} is null or ${ofPlants})` : ofPlants;
};
