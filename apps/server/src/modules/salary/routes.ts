// SalaryPayslip/* calls.
import { salaryRoutes } from '@ess/contract/salary';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { getPayslip, NO_PAYSLIP_MESSAGE, type ReceiptReader } from './service';

/**
 * `readReceipt` is the payslip batches' (a published batch's payslip records its first read): passed in, so that
 * payslip-batches depends on salary (the payslip's shape) and not the other way round.
 */
export const registerSalaryRoutes = (
  app: FastifyInstance,
  { db, readReceipt }: { db: Db; readReceipt: ReceiptReader },
) => {
  registerCall(app, salaryRoutes.getPersonSalaryByOld, async ({ body, caller }) => {
    const payslip = await getPayslip({ db, caller, month: body.day, readReceipt });
    return payslip ? { data: JSON.stringify(payslip) } : { data: '', msg: NO_PAYSLIP_MESSAGE };
  });
};
