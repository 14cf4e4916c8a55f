// SalaryPayslip/* calls.
import { salaryRoutes } from '@ess/contract/salary';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import { readReceipt } from '../payslip-batches/service';
import { getPayslip, NO_PAYSLIP_MESSAGE } from './service';

export const registerSalaryRoutes = (app: FastifyInstance, db: Db) => {
  const receipts = readReceipt(db);
  registerCall(app, salaryRoutes.getPersonSalaryByOld, async ({ body, caller }) => {
    const payslip = await getPayslip({ db, caller, month: body.day, readReceipt: receipts });
    return payslip ? { data: JSON.stringify(payslip) } : { data: '', msg: NO_PAYSLIP_MESSAGE };
  });
};
