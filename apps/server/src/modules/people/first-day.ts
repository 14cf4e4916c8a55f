// The operator's commands of an installation's first day (npm run ess): an administrator when nobody can open the
// console (an empty database, or an upgrade after which nobody holds HRAdmin or SysAdmin), and reset codes for every
// employee of a plant who has no password yet (the new numbers of a roster import). The system is the audit actor.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { adminPlants, employeeRoles, employees, roles } from '../../db/schema/index';
import { withTransaction } from '../../db/transaction';
import { createResetCode } from '../account/service';

type AdministratorInput = {
  empNo: string;
  /** Console roles to grant (HRAdmin, SysAdmin, AppVerify); the ones held already stay. */
  roles: string[];
  /** The plants an HRAdmin administers, added to those held (none named and none held: their own). */
  adminPlants: string[];
  /** A new employee: their name, plant and password (argon2 of the client hash); an existing one keeps theirs. */
  newcomer?: { name: string; bu: string; passwordHash: string; mustChangePassword: boolean };
};

/**
 * Creates the employee when the number is new (with the password given) or takes the existing one, and grants the
 * roles. Refuses a leaver, and a new number without a name and plant.
 */
export const createAdministrator = (db: Db, input: AdministratorInput) =>
  withTransaction(db, async (tx) => {
    const [existing] = await tx.select().from(employees).where(eq(employees.empNo, input.empNo)).for('update');
    if (existing?.leftOn) throw new BusinessError('PERSON_LEFT');
    let employeeId = existing?.id;
    if (!employeeId) {
      const { newcomer } = input;
      if (!newcomer) throw new BusinessError('EMPLOYEE_NO_UNKNOWN', { empNo: input.empNo });
      const [created] = await tx
        .insert(employees)
        .values({
          empNo: input.empNo,
          name: newcomer.name,
          bu: newcomer.bu,
          passwordHash: newcomer.passwordHash,
          mustChangePassword: newcomer.mustChangePassword,
        })
        .returning();
      employeeId = created!.id;
      await recordAudit(tx, {
        action: 'person.create',
        subject: { type: 'employee', id: employeeId },
        after: { empNo: input.empNo, name: newcomer.name, bu: newcomer.bu, by: 'create-admin' },
      });
    }
    const heldRoles = await tx
      .select({ name: roles.name })
      .from(employeeRoles)
      .innerJoin(roles, eq(roles.id, employeeRoles.roleId))
      .where(eq(employeeRoles.employeeId, employeeId));
    const heldPlants = await tx
      .select({ bu: adminPlants.bu })
      .from(adminPlants)
      .where(eq(adminPlants.employeeId, employeeId));
    const granted = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.name, ['Employee', ...input.roles]));
    await tx
      .insert(employeeRoles)
      .values(granted.map((role) => ({ employeeId, roleId: role.id })))
      .onConflictDoNothing();
    const before = {
      roles: heldRoles.map((role) => role.name).sort(),
      adminPlants: heldPlants.map((plant) => plant.bu).sort(),
    };
    // An HRAdmin administers at least a plant: their own when none is named.
    const plants =
      input.roles.includes('HRAdmin') && input.adminPlants.length === 0 && before.adminPlants.length === 0
        ? [existing?.bu ?? input.newcomer?.bu ?? '']
        : input.adminPlants;
    if (plants.length > 0) {
      await tx
        .insert(adminPlants)
        .values(plants.map((bu) => ({ employeeId, bu })))
        .onConflictDoNothing();
    }
    const after = {
      roles: [...new Set([...before.roles, 'Employee', ...input.roles])].sort(),
      adminPlants: [...new Set([...before.adminPlants, ...plants])].sort(),
    };
    await recordAudit(tx, { action: 'person.roles', subject: { type: 'employee', id: employeeId }, before, after });
    return { id: employeeId, isNew: !existing, ...after };
  });

/**
 * A reset code (the console's, 24 h, works once) for every employee of the plant who has no password yet: the
 * roster import creates employees without one. Their sign-in starts from the code.
 */
export const issueFirstResetCodes = async (db: Db, bu: string) => {
  const newcomers = await db
    .select({
      empNo: employees.empNo,
      name: employees.name,
      deptName: employees.deptName,
      teamName: employees.teamName,
    })
    .from(employees)
    .where(and(eq(employees.bu, bu), eq(employees.passwordHash, ''), isNull(employees.leftOn)))
    .orderBy(employees.empNo);
  const issued = [];
  for (const person of newcomers) issued.push({ ...person, ...(await createResetCode(db, person.empNo)) });
  return issued;
};
