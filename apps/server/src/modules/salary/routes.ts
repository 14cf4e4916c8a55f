// SalaryPayslip/* calls.
import { salaryRoutes } from '@ess/contract/salary';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import type { QueryReads } from '../../http/read-your-writes';
import { getPayslip, NO_PAYSLIP_MESSAGE, type ReceiptReader } from './service';

/**
 * `readReceipt` is the payslip batches' (a published batch's payslip records its first read): passed in, so that
 * payslip-batches depends on salary (the payslip's shape) and not the other way round.
 */
export const registerSalaryRoutes = (
  app: FastifyInstance,
  { reads, readReceipt }: { reads: QueryReads; readReceipt: ReceiptReader },
) => {
  registerCall(app, salaryRoutes.getPersonSalaryByOld, async ({ body, caller, request }) => {
    // The payslip from the replica when it may; its first-read receipt is written to the primary.
    const payslip = await reads(request, (db) => getPayslip({ db, caller, month: body.day, readReceipt }));
    return payslip ? { data: JSON.stringify(payslip) } : { data: '', msg: NO_PAYSLIP_MESSAGE };
  });
};
