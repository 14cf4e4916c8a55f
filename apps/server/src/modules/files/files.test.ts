// Uploads as an attacker would try them: the kind is read from the content, never from the name or the claimed
// type; sizes are capped; names are labels only; files are served back only to those who may see them, with
// headers no browser can sniff into a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, TINY_PNG } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { htmlDressedAsWord, wordDocument, zipOf } from '../../../test/office-files';
import { postMultipart, uploadFile } from '../../../test/uploads';
import { deleteUnattachedFiles } from './service';

let t: TestContext;
let token: string;
let employeeId: number;
beforeAll(async () => {
  t = await createTestContext();
  const employee = await makeEmployee(t.database);
  employeeId = employee.id;
  token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const DOCX = wordDocument();
/** The attack: bytes that merely contain the two part names a careless check looks for. */
const FAKE_DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from('....[Content_Types].xml....word/document.xml....<html><script>alert(document.cookie)</script>'),
]);

const upload = (
  fields: { upType?: string },
  files: { file: Buffer; filename: string; contentType?: string }[],
  as = token,
) =>
  postMultipart(
    t.app,
    'upload/UploadFileForMobile',
    [
      ...(fields.upType ? [{ field: 'upType', value: fields.upType }] : []),
      ...files.map((file) => ({ field: 'file', ...file })),
    ],
    as,
  );

const countFiles = async () =>
  (await t.database.pool.query('select count(*)::int as n from files')).rows[0].n as number;

describe('upload/UploadFileForMobile', () => {
  it('takes a picture for a scan and a Word or PDF resume, answering a file address', async () => {
    const picture = await upload({ upType: 'CARD' }, [
      { file: TINY_PNG, filename: 'card.png', contentType: 'image/png' },
    ]);
    expect(picture.body).toMatchObject({
      result: true,
      msg: '上传成功',
      data: expect.stringMatching(/^\/api\/files\//),
    });
    expect((await upload({ upType: 'RESUME' }, [{ file: PDF, filename: '简历.pdf' }])).body.result).toBe(true);
    expect((await upload({ upType: 'RESUME' }, [{ file: DOCX, filename: '简历.docx' }])).body.result).toBe(true);
  });

  it.each([
    [
      'HTML named .jpg and claimed as a JPEG',
      'CARD',
      HTML,
      'photo.jpg',
      'image/jpeg',
      '文件类型不支持，请上传图片（JPG、PNG、WebP、HEIC）',
    ],
    [
      'a PDF as an ID card scan',
      'CARD',
      PDF,
      'scan.png',
      'image/png',
      '文件类型不支持，请上传图片（JPG、PNG、WebP、HEIC）',
    ],
    [
      'a picture as a resume',
      'RESUME',
      TINY_PNG,
      'resume.pdf',
      'application/pdf',
      '文件类型不支持，请上传Word 或 PDF 文档（.doc、.docx、.pdf）',
    ],
    ['random bytes', 'SCHOOL', Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]), 'x.png', 'image/png', '文件类型不支持'],
    ['an empty file', 'CARD', Buffer.alloc(0), 'empty.png', 'image/png', '文件为空，请重新选择'],
  ])('refuses %s', async (_what, upType, file, filename, contentType, message) => {
    const before = await countFiles();
    const { status, body } = await upload({ upType }, [{ file, filename, contentType }]);
    expect(status).toBe(200);
    expect(body.result).toBe(false);
    expect(body.msg).toContain(message);
    expect(await countFiles()).toBe(before);
  });

  it.each([
    ['HTML after a zip signature and the part names, named 简历.html', FAKE_DOCX, '简历.html'],
    ['HTML in a real zip under the part names', htmlDressedAsWord(), '简历.docx'],
    ['a zip of other parts', zipOf([{ name: 'readme.txt', data: 'word/document.xml' }]), '简历.docx'],
    ['a Word document cut short', DOCX.subarray(0, DOCX.length - 30), '简历.docx'],
  ])('refuses as a resume %s', async (_what, file, filename) => {
    const before = await countFiles();
    const contentType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const { body } = await upload({ upType: 'RESUME' }, [{ file, filename, contentType }]);
    expect(body).toMatchObject({ result: false, msg: '文件类型不支持，请上传Word 或 PDF 文档（.doc、.docx、.pdf）' });
    expect(await countFiles()).toBe(before);
  });

  it('refuses a file over 10 MB, two files at once, no file, and an unknown upload type', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload({ upType: 'CARD' }, [{ file: big, filename: 'big.png' }])).body).toMatchObject({
      result: false,
      msg: '文件过大，最大 10 MB',
    });
    const two = [
      { file: TINY_PNG, filename: 'a.png' },
      { file: TINY_PNG, filename: 'b.png' },
    ];
    expect((await upload({ upType: 'CARD' }, two)).body).toMatchObject({ result: false, msg: '每次只能上传一个文件' });
    expect((await upload({ upType: 'CARD' }, [])).body).toMatchObject({ result: false, msg: '请选择要上传的文件' });
    expect((await upload({ upType: 'EXE' }, [{ file: TINY_PNG, filename: 'a.png' }])).body).toMatchObject({
      result: false,
      msg: '上传类型无效',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload/UploadFileForMobile',
      headers: { token },
      payload: { upType: 'CARD' },
    });
    expect(json.json()).toMatchObject({ result: false, msg: '请选择要上传的文件' });
  });

  it('keeps a name only as a label: no directories, no control characters', async () => {
    const path = await uploadFile(t.app, token, {
      upType: 'SCHOOL',
      file: PDF,
      filename: '../../etc/passwd\u0007.pdf',
    });
    const { rows } = await t.database.pool.query('select original_name from files where id = $1', [path.slice(11)]);
    expect(rows[0].original_name).toBe('passwd.pdf');
  });

  it('refuses an upload without a token', async () => {
    const { status, body } = await upload({ upType: 'CARD' }, [{ file: TINY_PNG, filename: 'a.png' }], '');
    expect(status).toBe(401);
    expect(body.result).toBe(false);
  });

  it('takes several files at once on UploadMultipleFileForMobile, all or none', async () => {
    const many = await postMultipart(
      t.app,
      'upload/UploadMultipleFileForMobile',
      [
        { field: 'upType', value: 'PROPOSAL' },
        { field: 'file', file: TINY_PNG, filename: 'a.png' },
        { field: 'file', file: TINY_PNG, filename: 'b.png' },
      ],
      token,
    );
    expect(many.body).toMatchObject({ result: true, data: [expect.any(String), expect.any(String)] });
    const before = await countFiles();
    const mixed = await postMultipart(
      t.app,
      'upload/UploadMultipleFileForMobile',
      [
        { field: 'upType', value: 'PROPOSAL' },
        { field: 'file', file: TINY_PNG, filename: 'a.png' },
        { field: 'file', file: HTML, filename: 'b.png' },
      ],
      token,
    );
    expect(mixed.body.result).toBe(false);
    expect(await countFiles()).toBe(before);
  });
});

describe('GET /api/files/<id>', () => {
  it('serves the owner with the sniffed type, no sniffing, and no caching of identity scans', async () => {
    const path = await uploadFile(t.app, token, { upType: 'CARD', file: TINY_PNG, filename: '身份证.png' });
    const response = await t.app.inject({ method: 'GET', url: path, headers: { token } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('身份证.png')}`,
    );
    expect(response.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('takes the token from the access cookie, as an <img> sends it', async () => {
    const path = await uploadFile(t.app, token, { upType: 'SCHOOL', file: TINY_PNG });
    const byCookie = await t.app.inject({ method: 'GET', url: path, headers: { cookie: `x=1; ess_token=${token}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    // The cookie is read for file GETs only, never for the calls.
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/Account/CheckUserToken',
      headers: { cookie: `ess_token=${token}` },
      payload: {},
    });
    expect(call.statusCode).toBe(401);
  });

  it('answers the same 404 for another employee’s file and for none at all', async () => {
    const path = await uploadFile(t.app, token, { upType: 'SCHOOL', file: TINY_PNG });
    const other = await makeEmployee(t.database);
    const otherToken = await t.login(other.empNo, FACTORY_PASSWORD_HASH);
    for (const url of [path, '/api/files/00000000-0000-0000-0000-000000000000', '/api/files/..%2f..%2fetc']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { token: otherToken } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ result: false, msg: '文件不存在', data: null });
    }
  });

  it('sends Word documents as downloads', async () => {
    const path = await uploadFile(t.app, token, { upType: 'RESUME', file: DOCX, filename: '简历.docx' });
    const response = await t.app.inject({ method: 'GET', url: path, headers: { token } });
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.rawPayload.equals(DOCX)).toBe(true);
  });

  it('serves a file under the extension of the kind its bytes are, never the uploaded one', async () => {
    const served = async (upType: string, file: Buffer, filename: string) => {
      const path = await uploadFile(t.app, token, { upType, file, filename });
      const response = await t.app.inject({ method: 'GET', url: path, headers: { token } });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const disposition = response.headers['content-disposition'] ?? '';
      return {
        id: path.slice(11),
        name: decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? ''),
        type: response.headers['content-type'],
      };
    };
    expect(await served('RESUME', DOCX, '简历.html')).toMatchObject({
      name: '简历.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(await served('RESUME', PDF, '证书.PDF.exe')).toMatchObject({
      name: '证书.PDF.pdf',
      type: 'application/pdf',
    });
    expect(await served('SCHOOL', TINY_PNG, 'scan.svg')).toMatchObject({ name: 'scan.png', type: 'image/png' });
    const nameless = await served('SCHOOL', TINY_PNG, '.html');
    expect(nameless.name).toBe(`${nameless.id}.png`);
  });
});

describe('housekeeping', () => {
  it('removes uploads nothing used within a day, and keeps those a record uses', async () => {
    const unused = await uploadFile(t.app, token, { upType: 'CARD', file: TINY_PNG });
    const used = await uploadFile(t.app, token, { upType: 'CARD', file: TINY_PNG });
    await t.database.pool.query('update files set attached_at = now() where id = $1', [used.slice(11)]);
    await t.database.pool.query("update files set created_at = now() - interval '25 hours' where owner_id = $1", [
      employeeId,
    ]);
    await deleteUnattachedFiles(t.database.db);
    const { rows } = await t.database.pool.query('select id from files where id = any($1::uuid[])', [
      [unused.slice(11), used.slice(11)],
    ]);
    expect(rows.map((row) => row.id)).toEqual([used.slice(11)]);
  });
});
