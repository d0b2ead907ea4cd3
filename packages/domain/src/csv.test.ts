import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvHeader, csvLine, csvLines, csvStream, toCsv } from './csv';

describe('csvField', () => {
  it('writes plain text, numbers and nothing as they are', () => {
    expect(csvField('山田 花子')).toBe('山田 花子');
    expect(csvField(10000)).toBe('10000');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling the quotes (RFC 4180)', () => {
    expect(csvField('東京都千代田区1-1, 2F')).toBe('"東京都千代田区1-1, 2F"');
    expect(csvField('the "Kifu" fund')).toBe('"the ""Kifu"" fund"');
    expect(csvField('一行目\n二行目')).toBe('"一行目\n二行目"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+81 3 1234 5678', "'+81 3 1234 5678"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(1+1)', "'@SUM(1+1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises text a spreadsheet would run: %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });

  it('leaves a formula character that does not start the text alone', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(' =1+1')).toBe(' =1+1');
  });

  it('writes negative numbers plain: a number carries no formula', () => {
    expect(csvField(-500)).toBe('-500');
    expect(csvField('-500')).toBe("'-500");
  });

  it('refuses a number that is not one', () => {
    expect(() => csvField(Number.NaN)).toThrow(RangeError);
    expect(() => csvField(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('csvLine and csvHeader', () => {
  it('ends each record with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('puts the byte order mark before the header only', () => {
    expect(csvHeader(['氏名', '金額'])).toBe('\uFEFF氏名,金額\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
  });
});

describe('a whole file', () => {
  const header = ['name', 'amount'];
  const rows = [
    ['山田', 1000],
    ['=1', -1],
  ];
  const expected = "\uFEFFname,amount\r\n山田,1000\r\n'=1,-1\r\n";

  it('comes whole from toCsv', () => {
    expect(toCsv(header, rows)).toBe(expected);
    expect(toCsv(header, [])).toBe('\uFEFFname,amount\r\n');
  });

  it('comes a record at a time from csvLines, lazily', () => {
    let read = 0;
    function* counted() {
      for (const row of rows) {
        read += 1;
        yield row;
      }
    }
    const lines = csvLines(header, counted());
    expect(lines.next().value).toBe('\uFEFFname,amount\r\n');
    expect(read).toBe(0);
    expect(lines.next().value).toBe('山田,1000\r\n');
    expect(read).toBe(1);
    expect([...lines]).toEqual(["'=1,-1\r\n"]);
  });

  it('comes a record at a time from csvStream, over rows read asynchronously', async () => {
    async function* fromCursor() {
      for (const row of rows) yield await Promise.resolve(row);
    }
    const chunks: string[] = [];
    for await (const chunk of csvStream(header, fromCursor())) chunks.push(chunk);
    expect(chunks).toHaveLength(3);
    expect(chunks.join('')).toBe(expected);
  });
});
