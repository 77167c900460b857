import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { USER_LIMITS, USER_MSG } from '@clinic/shared';
import { AppError, BadRequestError } from '../../lib/errors';

/**
 * Reads the first worksheet of an uploaded .xlsx without trusting it. An .xlsx is a ZIP of XML
 * parts, and exceljs unpacks every part it finds, so a small upload can unpack to gigabytes (a
 * "zip bomb"). We unpack ourselves only the parts that hold the first sheet's cells, each against
 * the size its header declares and a total budget, and hand exceljs a new ZIP made of just those.
 */

export class ImportTooLargeError extends AppError {
  constructor() {
    super(413, 'IMPORT_TOO_LARGE', USER_MSG.importTooLarge);
  }
}
const invalidExcel = () => new BadRequestError(USER_MSG.invalidExcel, 'INVALID_EXCEL');
const tooManyRows = () => new BadRequestError(USER_MSG.importTooManyRows, 'IMPORT_TOO_MANY_ROWS');

export const WORKBOOK_LIMITS = {
  /** Unpacked XML that exceljs may read: 1,000 rows of a few columns unpack to well under 1 MB. */
  unpackedBytes: 20 * 1024 * 1024,
  /** More parts than any spreadsheet has. */
  zipEntries: 2000,
  /** Row elements exceljs may build, blank formatted rows included; the exact limit is checked after. */
  sheetRows: 5 * USER_LIMITS.importMaxRows,
  /** Cells a row may hold. */
  rowCells: 256,
};

/** A cell as the import reads it: its text, or a date when the cell is a real Excel date. */
export type CellContent = string | Date;
/** A row that holds anything, by the spreadsheet's own row number; cells[column] with columns from 1. */
export type SheetRow = { number: number; cells: CellContent[] };

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 30 && bytes.readUInt32LE(0) === ZIP_LOCAL;
}

/** The central directory: names (without a leading '/', lower case as OPC names are case-insensitive) to entries. */
function listZipEntries(zip: Buffer): Map<string, ZipEntry> {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw invalidExcel();
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === 0 || count > WORKBOOK_LIMITS.zipEntries || directoryOffset >= end) throw invalidExcel();
  const entries = new Map<string, ZipEntry>();
  let p = directoryOffset;
  for (let k = 0; k < count; k++) {
    if (zip.readUInt32LE(p) !== ZIP_CENTRAL) throw invalidExcel();
    const nameLength = zip.readUInt16LE(p + 28);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLength).replace(/^\/+/, '');
    const entry: ZipEntry = {
      name,
      flags: zip.readUInt16LE(p + 8),
      method: zip.readUInt16LE(p + 10),
      crc: zip.readUInt32LE(p + 16),
      compressedSize: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      localOffset: zip.readUInt32LE(p + 42),
    };
    if (!entries.has(name.toLowerCase())) entries.set(name.toLowerCase(), entry);
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return entries;
}

const inflate = promisify(inflateRaw);

/** Unpacks one part, refusing one whose bytes do not match its header (size and checksum). */
async function unpack(zip: Buffer, entry: ZipEntry): Promise<Buffer> {
  if (entry.flags & 1) throw invalidExcel(); // encrypted
  const p = entry.localOffset;
  if (zip.readUInt32LE(p) !== ZIP_LOCAL) throw invalidExcel();
  const start = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw invalidExcel();
  let bytes: Buffer;
  if (entry.method === 0) bytes = data;
  else if (entry.method === 8) {
    try {
      // Never more than the header promised: a part that lies about its size stops there.
      bytes = await inflate(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch {
      throw invalidExcel();
    }
  } else throw invalidExcel();
  if (bytes.length !== entry.size || crc32(bytes) >>> 0 !== entry.crc >>> 0) throw invalidExcel();
  return bytes;
}

function decodeXml(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!,
  );
}
function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`).exec(tag);
  return m ? decodeXml(m[2]!) : undefined;
}

type Relationship = { id: string; type: string; target: string };
function relationships(xml: string): Relationship[] {
  return [...xml.matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)].map(([tag]) => ({
    id: attribute(tag, 'Id') ?? '',
    type: attribute(tag, 'Type') ?? '',
    target: attribute(tag, 'Target') ?? '',
  }));
}

/** A relationship's target as a part name: relative to the workbook's folder, or absolute from the root. */
function resolvePart(folder: string, target: string): string {
  const segments = target.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return segments.join('/').toLowerCase();
}

/** A ZIP of stored (uncompressed) parts: exceljs reads it like any other. */
export function storedZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(ZIP_LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(ZIP_CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(ZIP_END, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * The parts of the first worksheet, unpacked within the budget, as a new workbook of that one
 * sheet: its cells, the shared strings they point to and the styles that say which numbers are dates.
 */
async function firstSheetOnly(zip: Buffer): Promise<Buffer> {
  let entries: Map<string, ZipEntry>;
  try {
    entries = listZipEntries(zip);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalidExcel(); // a read past the end: a broken directory
  }
  let budget = WORKBOOK_LIMITS.unpackedBytes;
  const read = async (name: string): Promise<Buffer | undefined> => {
    const entry = entries.get(name);
    if (!entry) return undefined;
    if (entry.size > budget) throw new ImportTooLargeError();
    budget -= entry.size;
    try {
      return await unpack(zip, entry);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw invalidExcel();
    }
  };

  const workbookXml = (await read('xl/workbook.xml'))?.toString('utf8');
  const workbookRels = relationships((await read('xl/_rels/workbook.xml.rels'))?.toString('utf8') ?? '');
  if (!workbookXml) throw invalidExcel();
  const firstSheetTag = /<(?:[\w.-]+:)?sheet\b[^>]*>/.exec(workbookXml)?.[0];
  const sheetRelId = firstSheetTag && /\s[\w.-]+:id\s*=\s*(["'])(.*?)\1/.exec(firstSheetTag)?.[2];
  const sheetRel = workbookRels.find((r) => r.id === sheetRelId && r.type.endsWith('/worksheet'));
  if (!sheetRel) throw invalidExcel();
  const partOf = (type: string, fallback: string) => {
    const rel = workbookRels.find((r) => r.type.endsWith(type));
    return rel ? resolvePart('xl', rel.target) : fallback;
  };
  const sheet = await read(resolvePart('xl', sheetRel.target));
  if (!sheet) throw invalidExcel();
  const sharedStrings = await read(partOf('/sharedStrings', 'xl/sharedstrings.xml'));
  const styles = await read(partOf('/styles', 'xl/styles.xml'));

  const workbookPr = /<(?:[\w.-]+:)?workbookPr\b[^>]*>/.exec(workbookXml)?.[0] ?? '';
  const date1904 = /^(1|true)$/i.test(attribute(workbookPr, 'date1904') ?? '');
  const files = [
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
          `<workbookPr${date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL_NS}">` +
          `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ];
  if (sharedStrings) files.push({ name: 'xl/sharedStrings.xml', data: sharedStrings });
  if (styles) files.push({ name: 'xl/styles.xml', data: styles });
  return storedZip(files);
}

// Parts of the sheet that point into the parts we left out, or that the import never reads.
const IGNORED_SHEET_NODES = [
  'hyperlinks',
  'drawing',
  'picture',
  'tableParts',
  'dataValidations',
  'conditionalFormatting',
  'extLst',
  'mergeCells',
  'autoFilter',
  'rowBreaks',
  'pageMargins',
  'pageSetup',
  'headerFooter',
  'printOptions',
  'sheetProtection',
  'sheetViews',
];

type RichText = { richText: { text?: string }[] };
/** The text a person sees in a cell, whatever exceljs made of it: rich text, a link, a formula's result. */
export function cellContent(value: unknown): CellContent {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return (v as RichText).richText
        .map((r) => r.text ?? '')
        .join('')
        .trim();
    if ('formula' in v || 'sharedFormula' in v) return cellContent(v.result);
    if ('text' in v) return cellContent(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
}

/** The non-empty rows of the first worksheet, in order. */
export async function readFirstSheet(bytes: Buffer): Promise<SheetRow[]> {
  if (!looksLikeZip(bytes)) throw invalidExcel();
  const onlyFirstSheet = await firstSheetOnly(bytes);
  const workbook = new ExcelJS.Workbook();
  // maxRows and maxCols stop exceljs while it parses (not in its typings).
  const options = {
    ignoreNodes: IGNORED_SHEET_NODES,
    maxRows: WORKBOOK_LIMITS.sheetRows,
    maxCols: WORKBOOK_LIMITS.rowCells,
  };
  try {
    await workbook.xlsx.load(onlyFirstSheet as unknown as ExcelJS.Buffer, options as Partial<ExcelJS.XlsxReadOptions>);
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/^Max row count/.test(message)) throw tooManyRows();
    if (/^Max column count/.test(message)) throw new ImportTooLargeError();
    throw invalidExcel();
  }
  const worksheet = workbook.worksheets[0];
  if (!worksheet) throw invalidExcel();
  const rows: SheetRow[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: CellContent[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column] = cellContent(cell.value);
    });
    if (cells.some((c) => c !== '')) rows.push({ number, cells });
  });
  return rows;
}
