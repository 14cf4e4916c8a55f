// The demo employee's personal records, so every record screen and the review console have something to show on
// the first start: base data with both ID card scans, two education records, a work record, a title and a skill
// certificate, a bank card, and one edit waiting for review (a second work record). Written through the same code
// the app uses: files stored and sniffed, records applied with their versions, the pending edit submitted.
import { changeNotices } from '@ess/contract/records';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { createInProcessNotifier } from '../core/notifier';
import type { PersonalDataCipher } from '../core/personal-data';
import { maskBankNo, maskIdCard } from '../core/personal-data';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import { withTransaction } from '../db/transaction';
import { attachFiles, storeFile } from '../modules/files/service';
import { applyProposedRecords, type ProposedRecords, raiseVersions } from '../modules/records/live-records';
import { submitChangeRequest } from '../modules/records/service';
import { DEMO_PICTURES } from './demo-images';
import { DEMO_RECORDS, EMPTY_CERTIFICATE } from './demo-record-values';

export const seedDemoRecords = async (
  pool: pg.Pool,
  { empNo, cipher }: { empNo: string; cipher: PersonalDataCipher },
) => {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const [employee] = await db
    .select({ id: schema.employees.id, bu: schema.employees.bu })
    .from(schema.employees)
    .where(eq(schema.employees.empNo, empNo));
  if (!employee) return;
  const owner = { id: employee.id };
  const store = async (upType: 'CARD' | 'SCHOOL' | 'TITLE', bytes: Buffer, originalName: string) =>
    (await storeFile(db, { owner, upType, upload: { bytes, originalName } })).path;
  const files = {
    front: await store('CARD', DEMO_PICTURES.idCardFront, '身份证正面.png'),
    back: await store('CARD', DEMO_PICTURES.idCardBack, '身份证反面.png'),
    highSchool: await store('SCHOOL', DEMO_PICTURES.diploma, '高中毕业证.png'),
    college: await store('SCHOOL', DEMO_PICTURES.diploma, '大专毕业证.png'),
    title: await store('TITLE', DEMO_PICTURES.certificate, '助理工程师证书.png'),
    skill: await store('TITLE', DEMO_PICTURES.certificate, '焊工证.png'),
    bank: await store('CARD', DEMO_PICTURES.bankCard, '银行卡.png'),
  };
  await attachFiles(
    db,
    owner,
    Object.values(files).map((path) => ({ path, upTypes: ['CARD', 'SCHOOL', 'TITLE'] as const })),
  );

  const certificate = { ...EMPTY_CERTIFICATE, filePath: null };
  const approved: ProposedRecords = {
    base: {
      empCard: { sealed: cipher.seal(DEMO_RECORDS.idCard), masked: maskIdCard(DEMO_RECORDS.idCard) },
      ...DEMO_RECORDS.base,
      empCardScanUp: files.front,
      empCardScanDown: files.back,
    },
    certificates: {
      CER01: {
        add: [
          { ...certificate, ...DEMO_RECORDS.educations[0], filePath: files.highSchool },
          { ...certificate, ...DEMO_RECORDS.educations[1], filePath: files.college },
        ],
        edit: [],
        remove: [],
      },
      CER02: {
        add: [{ ...certificate, ...DEMO_RECORDS.title, filePath: files.title }],
        edit: [],
        remove: [],
      },
      CER03: {
        add: [{ ...certificate, ...DEMO_RECORDS.skill, filePath: files.skill }],
        edit: [],
        remove: [],
      },
      CER04: {
        add: [{ ...certificate, ...DEMO_RECORDS.work }],
        edit: [],
        remove: [],
      },
    },
    bank: {
      bankName: DEMO_RECORDS.bank.bankName,
      bankAddress: DEMO_RECORDS.bank.bankAddress,
      filePath: files.bank,
      bankNo: { sealed: cipher.seal(DEMO_RECORDS.bank.bankNo), masked: maskBankNo(DEMO_RECORDS.bank.bankNo) },
    },
  };
  await withTransaction(db, async (tx) => {
    await raiseVersions(tx, employee.id, { base: 0, CER01: 0, CER02: 0, CER03: 0, CER04: 0, bank: 0 });
    await applyProposedRecords(tx, employee.id, approved);
  });

  // The edit waiting for review: a second work record.
  const [work] = await db
    .select({ id: schema.certificates.id })
    .from(schema.certificates)
    .where(and(eq(schema.certificates.employeeId, employee.id), eq(schema.certificates.cerType, 'CER04')));
  const existingWork = approved.certificates?.CER04?.add[0];
  if (!work || !existingWork) return;
  await submitChangeRequest({
    deps: { db, cipher, notifier: createInProcessNotifier() },
    caller: {
      id: employee.id,
      empNo,
      bu: employee.bu,
      roles: ['Employee'],
      menuCodes: new Set(),
      adminPlants: new Set(),
    },
    notice: changeNotices.APP_EDIT_WORK.parse({
      NoticeType: 'APP_EDIT_WORK',
      NoticeBody: {
        records: [{ ...existingWork, id: work.id }, DEMO_RECORDS.nextWork],
      },
    }),
    requestId: 'demo-seed',
  });
};
