// Gifts received outside Kifu imported from a CSV file (ADR 077): the preview names every failing
// cell by row and column; an import is all or nothing and adds a row once however often the file
// comes; imports and deletions are audited; a file that is not a CSV we can read is a 400 and writes
// nothing. Each route as owner, staff, viewer, another associate's member, a plain user and anonymous.
import { EXTERNAL_GIFT_IMPORT_MAX_BYTES, EXTERNAL_GIFT_IMPORT_MAX_ROWS, fiscalYearOf, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, externalGiftImports, externalGifts } from '../src/db/schema/index';
import { donationTotals } from '../src/read-models/donation-totals';
import { closeStatement } from '../src/statements/close-statements';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { consoleAssociate, consoleCall, type ConsoleCaller } from './helpers/console-callers';
import { clientAddress } from './helpers/donation-requests';
import { multipartFile } from './helpers/multipart-image';

let t: TestApp;
let associateId: number;
let tokens: Record<ConsoleCaller, string>;
const UID = 'console-test-external-gifts';
const base = `/associate/${UID}/console/external-gifts/`;

const HEADER = '受領日,氏名,フリガナ,郵便番号,都道府県,市区町村,番地,建物名,金額,方法,メモ';
const row = (name: string, amount: number | string, extra: Partial<Record<'date' | 'postal' | 'kana' | 'method', string>> = {}) =>
  `${extra.date ?? '2025-04-01'},${name},${extra.kana ?? 'ヤマダ'},${extra.postal ?? '152-0001'},東京都,目黒区,中央町1-2-3,,${amount},${extra.method ?? '現金'},`;
const csv = (...rows: string[]) => Buffer.from('\uFEFF' + [HEADER, ...rows].join('\r\n') + '\r\n');

async function send<T>(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, bytes?: Buffer, filename = 'gifts.csv') {
  const file = bytes ? multipartFile(bytes, filename, 'text/csv') : undefined;
  return consoleCall<T>(t, method, url, token, file?.payload, file?.headers);
}
const preview = (bytes: Buffer, token = tokens.owner) => send<api.ExternalGiftPreview>('POST', `${base}preview/`, token, bytes);
const importFile = (bytes: Buffer, token = tokens.owner) => send<api.ExternalGiftImportResult>('POST', `${base}import/`, token, bytes);
const stored = () => t.database.db.select().from(externalGifts).where(eq(externalGifts.associateId, associateId));
const audits = () => t.database.db.select().from(auditEvents).where(eq(auditEvents.associateId, associateId));

beforeAll(async () => {
  t = await buildTestApp();
  ({
    associate: { id: associateId },
    tokens,
  } = await consoleAssociate(t, UID, '外部寄付テスト'));
});
afterAll(async () => {
  await t?.close();
});

describe('who may use the import', () => {
  it('lets owners and staff preview and import, every member read, and only owners delete an import', async () => {
    const file = csv(row('役割 確認', 1000, { date: '2024-12-01' }));
    const expected: Record<ConsoleCaller | 'anonymous', { preview: number; list: number; remove: number }> = {
      owner: { preview: 200, list: 200, remove: 204 },
      staff: { preview: 200, list: 200, remove: 403 },
      viewer: { preview: 403, list: 200, remove: 403 },
      otherMember: { preview: 404, list: 404, remove: 404 },
      plain: { preview: 404, list: 404, remove: 404 },
      anonymous: { preview: 401, list: 401, remove: 401 },
    };
    const made = await importFile(file, tokens.staff);
    expect(made.status).toBe(200);
    const importId = made.body.import_id!;
    for (const [caller, want] of Object.entries(expected).reverse()) {
      const token = caller === 'anonymous' ? undefined : tokens[caller as ConsoleCaller];
      expect((await send('POST', `${base}preview/`, token, file)).status, `${caller} preview`).toBe(want.preview);
      expect((await send('GET', base, token)).status, `${caller} list`).toBe(want.list);
      expect((await send('GET', `${base}imports/`, token)).status, `${caller} imports`).toBe(want.list);
      expect((await send('DELETE', `${base}imports/${importId}/`, token)).status, `${caller} delete`).toBe(want.remove);
    }
    // The viewer may not import either, and the owner's delete took the gift away.
    expect((await importFile(file, tokens.viewer)).status).toBe(403);
    expect(await stored()).toEqual([]);
  });
});

describe('preview and import', () => {
  it('shows every failing cell by row and column and imports nothing until the file is fixed', async () => {
    const broken = csv(
      row('山田 太郎', 10000),
      row('', 0, { postal: '12345', kana: '山田' }),
      row('佐藤', 'abc', { date: '2025-02-30', method: '小切手' }),
    );
    const seen = await preview(broken);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      file_error: null,
      row_count: 3,
      new_count: 1,
      already_imported_rows: [],
      errors: [
        { row: 3, column: 'name', rule: 'required', params: { min: 1 } },
        { row: 3, column: 'kana', rule: 'pattern.katakana', params: {} },
        { row: 3, column: 'postal_code', rule: 'pattern.postalCode', params: {} },
        { row: 3, column: 'amount', rule: 'min', params: { min: 100 } },
        { row: 4, column: 'received_on', rule: 'validate.date', params: {} },
        { row: 4, column: 'amount', rule: 'pattern.number', params: {} },
        { row: 4, column: 'method', rule: 'value', params: {} },
      ],
    });
    const refused = await importFile(broken);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    expect(await stored()).toEqual([]);

    const fixed = csv(
      row('山田 太郎', 10000),
      row('田中 一郎', 3000, { kana: 'タナカ イチロウ' }),
      row('佐藤', 5000, { method: 'bank_transfer' }),
    );
    const before = (await audits()).length;
    const first = await importFile(fixed, tokens.staff);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ imported: 3, already_imported: 0 });
    expect((await stored()).map((gift) => [gift.name, gift.amount, gift.method, gift.postalCode])).toEqual(
      expect.arrayContaining([
        ['山田 太郎', 10000, 'cash', '1520001'],
        ['田中 一郎', 3000, 'cash', '1520001'],
        ['佐藤', 5000, 'bank_transfer', '1520001'],
      ]),
    );
    const [made] = await t.database.db.select().from(externalGiftImports).where(eq(externalGiftImports.id, first.body.import_id!));
    expect(made).toMatchObject({ fileName: 'gifts.csv', rowCount: 3, fileSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const logged = (await audits()).slice(before);
    expect(logged).toEqual([
      expect.objectContaining({ action: 'external_gifts.import', subject: `external_gift_import:${made!.id}`, rowCount: 3 }),
    ]);

    // The same file again: every row was imported before, nothing is written, nothing audited.
    expect((await preview(fixed)).body).toMatchObject({ new_count: 0, already_imported_rows: [2, 3, 4], errors: [] });
    expect((await importFile(fixed)).body).toEqual({ import_id: null, imported: 0, already_imported: 3 });
    expect(await stored()).toHaveLength(3);
    expect((await audits()).slice(before)).toHaveLength(1);

    // A file that repeats one of those rows (written differently) with a new one adds only the new one.
    const overlap = csv(
      row('山田 太郎', '"¥10,000"', { date: '2025/4/1', postal: '１５２０００１' }),
      row('鈴木', 2000),
      row('鈴木', 2000),
    );
    expect((await preview(overlap)).body).toMatchObject({ errors: [], new_count: 1, already_imported_rows: [2, 4] });
    expect((await importFile(overlap)).body).toMatchObject({ imported: 1, already_imported: 2 });
    expect(await stored()).toHaveLength(4);

    const imports = await send<api.ExternalGiftImportList>('GET', `${base}imports/`, tokens.viewer);
    expect(imports.body.results.map((made) => made.row_count)).toEqual([1, 3]);
    expect(imports.body.results[1]).toMatchObject({ id: first.body.import_id, file_name: 'gifts.csv' });

    const list = await send<api.ExternalGiftList>('GET', `${base}?page_size=2`, tokens.viewer);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(4);
    expect(list.body.results).toHaveLength(2);
    expect(list.body.results[0]).toMatchObject({ address: '〒152-0001 東京都目黒区中央町1-2-3', file_name: 'gifts.csv' });
  });

  it('deletes an import with its gifts, audited, and finds no import of another associate', async () => {
    const made = await importFile(csv(row('削除 予定', 700, { date: '2024-06-01' })));
    const importId = made.body.import_id!;
    expect((await send('DELETE', `${base}imports/${importId}/`, tokens.owner)).status).toBe(204);
    expect((await stored()).some((gift) => gift.importId === importId)).toBe(false);
    expect(await audits()).toContainEqual(
      expect.objectContaining({ action: 'external_gifts.delete', subject: `external_gift_import:${importId}`, rowCount: 1 }),
    );
    expect((await send('DELETE', `${base}imports/${importId}/`, tokens.owner)).status).toBe(404);
    const other = await consoleAssociate(t, 'console-test-external-gifts-2', '別の団体');
    const theirs = await send<api.ExternalGiftImportResult>(
      'POST',
      '/associate/console-test-external-gifts-2/console/external-gifts/import/',
      other.tokens.owner,
      csv(row('他団体', 1000)),
    );
    expect((await send('DELETE', `${base}imports/${theirs.body.import_id}/`, tokens.owner)).status).toBe(404);
    expect((await send('DELETE', `${base}imports/abc/`, tokens.owner)).status).toBe(400);
  });

  it('says what is wrong with a header without reading the rows', async () => {
    const missing = await preview(Buffer.from('受領日,氏名,金額\r\n2025-04-01,山田,1000\r\n'));
    expect(missing.body).toMatchObject({ file_error: { rule: 'missingColumn', column: 'postal_code' }, errors: [] });
    const unknown = await preview(Buffer.from(`${HEADER},誕生日\r\n`));
    expect(unknown.body.file_error).toEqual({ rule: 'unknownColumn', column: '誕生日' });
    expect((await importFile(Buffer.from(`${HEADER},誕生日\r\n`))).status).toBe(400);
  });
});

describe('hostile files', () => {
  it('refuses with a 400 and writes nothing: too large, too many rows, NUL bytes, binary, no file', async () => {
    const before = (await stored()).length;
    const huge = Buffer.concat([csv(row('大きい', 1000)), Buffer.alloc(EXTERNAL_GIFT_IMPORT_MAX_BYTES, 0x41)]);
    const many = csv(...Array.from({ length: EXTERNAL_GIFT_IMPORT_MAX_ROWS + 1 }, (_, index) => row(`多数${index}`, 1000)));
    const nul = csv(row('ヌル\u0000文字', 1000));
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x80, 0x81]);
    for (const [label, bytes, rule] of [
      ['huge', huge, 'tooLarge'],
      ['many', many, 'tooManyRows'],
      ['nul', nul, 'invalidCharacter'],
      ['binary', binary, 'encoding'],
    ] as const) {
      for (const send of [preview, importFile]) {
        const answer = await send(bytes);
        expect(answer.status, label).toBe(400);
        expect(answer.body.fields, label).toEqual({ file: [rule] });
      }
    }
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `${base}import/`,
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'text/csv' },
      payload: csv(row('直接', 1000)),
      remoteAddress: clientAddress(),
    });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
    const oddName = await send<api.ExternalGiftImportResult>(
      'POST',
      `${base}import/`,
      tokens.owner,
      csv(row('名前\u0001', 1000)),
      'a\u0001b.csv',
    );
    expect(oddName.status).toBe(200);
    const [named] = await t.database.db.select().from(externalGiftImports).where(eq(externalGiftImports.id, oddName.body.import_id!));
    expect(named!.fileName).toBe('import.csv');
    expect((await stored()).length).toBe(before + 1);
  });
});

describe('where imported gifts appear', () => {
  it('in the donor register and the public-support test tracker, marked external; never in Kifu totals or statements', async () => {
    const uid = 'console-test-external-gifts-3';
    const { associate, tokens: theirs } = await consoleAssociate(t, uid, '外部寄付の行き先');
    const lastYear = fiscalYearOf(new Date(), 4) - 1;
    const made = await send<api.ExternalGiftImportResult>(
      'POST',
      `/associate/${uid}/console/external-gifts/import/`,
      theirs.owner,
      csv(
        row('外部 花子', 4000, { date: `${lastYear}-06-01`, kana: 'ガイブ ハナコ' }),
        row('外部 花子', 2000, { date: `${lastYear}-09-01`, kana: 'ガイブ ハナコ', method: 'bank_transfer' }),
      ),
    );
    expect(made.body.imported).toBe(2);

    const register = await send<api.DonorRegisterView>(
      'GET',
      `/associate/${uid}/console/donor-register/${lastYear}/?lang=ja`,
      theirs.viewer,
    );
    expect(register.status).toBe(200);
    expect(register.body).toMatchObject({ donor_count: 1, gift_count: 2, total: 6000 });
    expect(register.body.donors[0]).toEqual({
      name: '外部 花子',
      address: '〒152-0001 東京都目黒区中央町1-2-3',
      corporate: false,
      gifts: [
        { amount: 4000, received_on: `${lastYear}-06-01`, external: 'cash' },
        { amount: 2000, received_on: `${lastYear}-09-01`, external: 'bank_transfer' },
      ],
      total: 6000,
    });

    const tracker = await send<api.PublicSupportTest>('GET', `/associate/${uid}/console/public-support-test/?lang=ja`, theirs.viewer);
    const year = tracker.body.absolute.years.find((line) => line.fiscal_year === lastYear)!;
    expect(year.qualifying).toBe(1);
    expect(year.donors).toEqual([expect.objectContaining({ name: '外部 花子', amount: 6000, counts: true, external: true })]);

    // The supporters list: one supporter by name, kana and postal code, marked external, no Kifu method.
    const supporters = await send<api.ConsoleSupporters>('GET', `/associate/${uid}/console/supporters/?lang=ja`, theirs.viewer);
    expect(supporters.body.results).toEqual([
      expect.objectContaining({ name: '外部 花子', name_kana: 'ガイブハナコ', gift_count: 2, total: 6000, method: null, external: true }),
    ]);
    const id = supporters.body.results[0]!.id;
    expect(id).toMatch(/^x\d+$/);
    const one = await send<api.ConsoleSupporters>('GET', `/associate/${uid}/console/supporters/?lang=ja&id=${id}`, theirs.viewer);
    expect(one.body.results.map((supporter) => supporter.name)).toEqual(['外部 花子']);
    const gifts = await send<api.ConsoleGifts>('GET', `/associate/${uid}/console/gifts/?lang=ja&supporter=${id}`, theirs.viewer);
    expect(gifts.body.count).toBe(0);
    // Another associate's console finds nobody under that id.
    expect(
      (await send<api.ConsoleSupporters>('GET', `/associate/${UID}/console/supporters/?lang=ja&id=${id}`, tokens.owner)).body.count,
    ).toBe(0);

    // Kifu neither received nor pays out this money: no total, no supporter count, no statement.
    const totals = await donationTotals(t.database.db, 'associateId', [associate.id]);
    expect(totals(associate.id)).toMatchObject({ supporters: 0 });
    expect(await closeStatement(t.database.db, associate.id, `${lastYear}-09`)).toBeNull();
  });
});
