import { PDFDocument as PdfLibDocument, degrees, rgb, type PDFPage } from '@cantoo/pdf-lib';
import { A4Document, FAX_FRAME, type PdfSection } from '../../pdf/pdf-document.js';
import type { PdfFonts } from '../../pdf/pdf-fonts.js';
import { formatDate, formatKoreaTime, formatPhone } from '../../pdf/pdf-format.js';
import { A4, BODY_BOTTOM, BODY_TOP, FONT, LEFT, WIDTH, type PageLayout } from '../../pdf/pdf-layout.js';
import { checkImageHeader, isFaxable } from '../claim-attachments.js';

// A claim as the insurer receives it by fax (docs/decisions/claims.md, "Delivery"): one A4 portrait PDF of the
// claim form, the consent page and every attachment, each image on a page of its own and each page of
// a PDF attachment on one, scaled to fit under the same header and footer (claim number, page i / n);
// an image never larger than one pixel per fax dot. A fax is black and white at about 200 dpi: black
// text and rules, no colour that carries meaning.
// pdfkit lays out every page on the service's A4 document (pdf/pdf-document.ts, with the Korean font);
// pages of PDF attachments are left with an empty frame that @cantoo/pdf-lib then fills with the
// attachment's page, drawn as a form XObject.

/** A fax of more pages than this is refused (gateways cap a transmission; an insurer would not read it). */
export const MAX_FAX_PAGES = 200;

export interface ClaimFormContent {
  claimReqId: number;
  /** YYYY-MM-DD */
  claimDate: string;
  insurerName: string;
  /** Digits. */
  insurerFax: string;
  organisationName: string;
  plannerName: string;
  client: { name: string; /** YYYYMMDD */ birthday: string; /** Digits. */ tel: string; jobName: string; welfare: boolean };
  event: { typeLabel: string; /** YYYY-MM-DD */ date: string; place: string | null; text: string };
  /** Null: the insurer pays to the account it has on file. */
  bank: { name: string; /** Digits, in full: the insurer pays to it. */ account: string; holder: string } | null;
  directDebitAccount: boolean;
  callback: { whoLabel: string; name: string; /** Digits. */ tel: string };
  memo: string;
  /** The claim terms the client agreed to, in order. */
  terms: Array<{ title: string; body: string }>;
  /** When the claim was filed: the document's date, so that every render of a claim is the same document. */
  filedAt: Date;
}

export interface ClaimAttachment {
  mimeType: string;
  bytes: Buffer;
}

export interface RenderedClaim {
  pdf: Buffer;
  pages: number;
}

/** An attachment that cannot go into the fax. The message names it by position and type only (no file name: it may hold personal data). */
export class ClaimAttachmentError extends Error {
  override readonly name = 'ClaimAttachmentError';

  constructor(
    readonly position: number,
    readonly mimeType: string,
    problem: string,
  ) {
    super(`Attachment ${position} (${mimeType}) ${problem}`);
  }
}

/**
 * An image attachment over the budgets of claim-attachments.ts (pixels; decoded size of a PNG pdfkit
 * must decode), found from its header before any pixel is decoded. Named by position and type only.
 */
export class ClaimAttachmentTooLargeError extends Error {
  override readonly name = 'ClaimAttachmentTooLargeError';

  constructor(position: number, mimeType: string, problem: string) {
    super(`Attachment ${position} (${mimeType}) ${problem}`);
  }
}

/** The document is longer than a fax may be. */
export class ClaimTooLongError extends Error {
  override readonly name = 'ClaimTooLongError';

  constructor(pages: number) {
    super(`The claim would be ${pages} fax pages; at most ${MAX_FAX_PAGES} are sent`);
  }
}

/** A page left for a page of a PDF attachment (`index` in `document`, attachment `position`). */
interface Frame {
  page: number;
  document: PdfLibDocument;
  position: number;
  index: number;
}

/** Where an attachment page goes: the frame under the caption. */
const FRAME = { x: LEFT, top: BODY_TOP + 22, width: WIDTH, bottom: BODY_BOTTOM - 4 };
const FRAME_HEIGHT = FRAME.bottom - FRAME.top;
const INK = '#000000';
const RULE = '#4B5563';
const LABEL_FILL = '#EEEEEE';

/** An image pdfkit has parsed (`openImage`), which `image()` takes in place of bytes; its types know neither yet. */
interface OpenedImage {
  width: number;
  height: number;
  /** EXIF orientation of a JPEG (1 upright; 5–8 turned a quarter, so shown with width and height swapped). */
  orientation?: number;
}
const openImage = (doc: PDFKit.PDFDocument, bytes: Buffer) => (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);

type Prepared =
  | { kind: 'image'; mimeType: string; image: OpenedImage }
  | { kind: 'pdf'; mimeType: string; document: PdfLibDocument; position: number; pages: number };

/** What the form and consent pages show: the claim and the attachments it lists. */
interface ClaimPages {
  content: ClaimFormContent;
  attachments: Prepared[];
}

/** The claim's own pages; the attachments' follow them. */
const SECTIONS: readonly PdfSection<ClaimPages>[] = [claimForm, consentPage];

/** Renders the claim to the fax's PDF; rejects with ClaimAttachmentError, ClaimAttachmentTooLargeError or ClaimTooLongError. */
export async function renderClaimPdf(content: ClaimFormContent, attachments: ClaimAttachment[], fonts: PdfFonts): Promise<RenderedClaim> {
  const pdf = new A4Document(
    { title: `보험금 청구서 ${content.claimReqId}`, subject: `${content.insurerName} 보험금 청구`, createdAt: content.filedAt },
    fonts,
  );
  const { doc, layout } = pdf;

  const prepared = await Promise.all(attachments.map((attachment, index) => prepare(doc, attachment, index + 1)));
  const attachmentPages = prepared.reduce((sum, item) => sum + (item.kind === 'pdf' ? item.pages : 1), 0);

  pdf.draw({ content, attachments: prepared }, SECTIONS);
  const before = pdf.pageCount;
  if (before + attachmentPages > MAX_FAX_PAGES) {
    await pdf.discard();
    throw new ClaimTooLongError(before + attachmentPages);
  }

  // Pages of PDF attachments are filled in below: page index → the attachment's page.
  const frames: Frame[] = [];
  prepared.forEach((item, index) => {
    const position = index + 1;
    if (item.kind === 'image') {
      layout.newPage();
      attachmentCaption(layout, `첨부 ${position} / ${prepared.length} · 사진 (${item.mimeType === 'image/png' ? 'PNG' : 'JPEG'})`);
      drawImage(doc, item.image);
      return;
    }
    for (let page = 0; page < item.pages; page++) {
      layout.newPage();
      attachmentCaption(layout, `첨부 ${position} / ${prepared.length} · PDF ${page + 1} / ${item.pages}쪽`);
      frames.push({ page: pdf.pageCount - 1, document: item.document, position, index: page });
    }
  });

  const pages = pdf.pageCount;
  const rendered = await pdf.finish({
    title: '보험금 청구서',
    caption: `${content.insurerName} 귀중 · 청구번호 ${content.claimReqId}`,
    footer: `청구번호 ${content.claimReqId} · 작성 ${formatKoreaTime(content.filedAt)}`,
    style: FAX_FRAME,
  });
  if (frames.length === 0) return { pdf: rendered, pages };
  return { pdf: await fillFrames(rendered, frames), pages };
}

async function prepare(doc: PDFKit.PDFDocument, attachment: ClaimAttachment, position: number): Promise<Prepared> {
  const { mimeType, bytes } = attachment;
  if (!isFaxable(mimeType)) throw new ClaimAttachmentError(position, mimeType, 'cannot be faxed: only JPEG, PNG and PDF files can');
  if (mimeType !== 'application/pdf') {
    checkImageBudgets(bytes, mimeType, position);
    try {
      // pdfkit reads JPEG and PNG by their signature; anything else, or a broken image, throws here.
      return { kind: 'image', mimeType, image: openImage(doc, bytes) };
    } catch {
      throw new ClaimAttachmentError(position, mimeType, 'could not be read as a JPEG or PNG image');
    }
  }
  let document: PdfLibDocument;
  try {
    // An empty password opens PDFs protected only against editing (an owner password), as readers do.
    document = await PdfLibDocument.load(bytes, { password: '', updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt|password/i.test(error.message);
    throw new ClaimAttachmentError(position, mimeType, encrypted ? 'is protected by a password' : 'could not be read as a PDF');
  }
  let pages: number;
  try {
    // The page tree is read here: a file that parses but has none (or a broken one) fails now.
    pages = document.getPages().length;
  } catch {
    throw new ClaimAttachmentError(position, mimeType, 'could not be read as a PDF');
  }
  if (pages === 0) throw new ClaimAttachmentError(position, mimeType, 'has no pages');
  return { kind: 'pdf', mimeType, document, position, pages };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The image budgets again, for claims filed before they were checked at filing: an image over them
 * would take pdfkit gigabytes and seconds of CPU to decode. The header is judged by what the bytes
 * are (pdfkit reads them by their signature too), so a PNG declared as a JPEG is still judged as a PNG.
 */
function checkImageBudgets(bytes: Buffer, mimeType: string, position: number): void {
  const actual = bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) ? 'image/png' : 'image/jpeg';
  const check = checkImageHeader(bytes, actual, true);
  if (check.kind !== 'refused') return;
  // An unreadable header is the same failure as an image pdfkit cannot read.
  if (check.reason === 'unreadable') throw new ClaimAttachmentError(position, mimeType, 'could not be read as a JPEG or PNG image');
  throw new ClaimAttachmentTooLargeError(position, mimeType, check.problem);
}

/**
 * The resolution the fax is drawn for (a fax line carries about 200 dots per inch: ITU-T T.4's 8 dots
 * a millimetre across), so one image pixel is one dot at 72 / 200 points. An image is never drawn
 * larger: beyond that the fax would have more dots than the image has pixels (a 1 × 1 PNG filled the page).
 */
export const FAX_DPI = 200;
const POINTS_PER_IMAGE_PIXEL = 72 / FAX_DPI;

/**
 * Where content of the shown size goes in the frame: scaled to fit and centred, never above
 * `maxScale`, and given a quarter turn counterclockwise (its top to the left edge, as printers lay
 * landscape pages on portrait paper) when that shows it larger: content wider than tall that has to
 * shrink to fit then fills the portrait page instead of a third of it.
 */
function placeInFrame(
  shownWidth: number,
  shownHeight: number,
  maxScale = Infinity,
): { turned: boolean; scale: number; x: number; top: number; width: number; height: number } {
  const fit = (width: number, height: number) => Math.min(FRAME.width / width, FRAME_HEIGHT / height, maxScale);
  const turned = shownWidth > shownHeight && fit(shownHeight, shownWidth) > fit(shownWidth, shownHeight);
  const [boxWidth, boxHeight] = turned ? [shownHeight, shownWidth] : [shownWidth, shownHeight];
  const scale = fit(boxWidth, boxHeight);
  const width = boxWidth * scale;
  const height = boxHeight * scale;
  return { turned, scale, x: FRAME.x + (FRAME.width - width) / 2, top: FRAME.top + (FRAME_HEIGHT - height) / 2, width, height };
}

/** An image at one pixel per fax dot (FAX_DPI), or smaller to fit the frame; whatever resolution its file states is not read. */
function drawImage(doc: PDFKit.PDFDocument, image: OpenedImage): void {
  const [shownWidth, shownHeight] = (image.orientation ?? 1) > 4 ? [image.height, image.width] : [image.width, image.height];
  const box = placeInFrame(shownWidth, shownHeight, POINTS_PER_IMAGE_PIXEL);
  // pdfkit applies the EXIF orientation itself, given the size as shown.
  const size = { width: shownWidth * box.scale, height: shownHeight * box.scale };
  const src = image as unknown as Buffer;
  if (!box.turned) doc.image(src, box.x, box.top, size);
  else {
    doc.save();
    doc.translate(box.x, box.top + box.height).rotate(-90);
    doc.image(src, 0, 0, size);
    doc.restore();
  }
  doc.lineWidth(0.5).strokeColor(RULE).rect(box.x, box.top, box.width, box.height).stroke();
}

/** Draws each PDF attachment page into the frame of its page (placeInFrame), upright as a reader shows it. */
async function fillFrames(rendered: Buffer, frames: Frame[]): Promise<Buffer> {
  const out = await PdfLibDocument.load(rendered, { updateMetadata: false });
  const byDocument = new Map<PdfLibDocument, Frame[]>();
  for (const frame of frames) byDocument.set(frame.document, [...(byDocument.get(frame.document) ?? []), frame]);
  for (const [document, wanted] of byDocument) {
    try {
      const embedded = await out.embedPdf(
        document,
        wanted.map((frame) => frame.index),
      );
      wanted.forEach((frame, index) =>
        drawPage(out.getPage(frame.page), embedded[index]!, document.getPage(frame.index).getRotation().angle),
      );
    } catch {
      throw new ClaimAttachmentError(wanted[0]!.position, 'application/pdf', 'could not be read as a PDF');
    }
  }
  return Buffer.from(await out.save({ useObjectStreams: true }));
}

type EmbeddedPage = Awaited<ReturnType<PdfLibDocument['embedPdf']>>[number];

function drawPage(target: PDFPage, page: EmbeddedPage, rotation: number): void {
  // A page's /Rotate turns it clockwise when shown.
  const clockwise = (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;
  const sideways = clockwise === 90 || clockwise === 270;
  const box = placeInFrame(sideways ? page.height : page.width, sideways ? page.width : page.height);
  const counterclockwise = ((((box.turned ? 90 : 0) - clockwise) % 360) + 360) % 360;
  // pdf-lib's y grows upwards from the bottom; the page turns about its lower-left corner, which is
  // then moved so that the turned page covers the box.
  const x = box.x;
  const y = A4.height - box.top - box.height;
  const origin: Record<number, [number, number]> = {
    0: [x, y],
    90: [x + box.width, y],
    180: [x + box.width, y + box.height],
    270: [x, y + box.height],
  };
  const [originX, originY] = origin[counterclockwise]!;
  target.drawPage(page, { x: originX, y: originY, xScale: box.scale, yScale: box.scale, rotate: degrees(counterclockwise) });
  // A hairline round the page: where a white page ends on white paper.
  target.drawRectangle({ x, y, width: box.width, height: box.height, borderWidth: 0.5, borderColor: rgb(0.3, 0.3, 0.3) });
}

const yesNo = (value: boolean) => (value ? '예' : '아니오');

// ---- claim form ----

type Field = [label: string, value: string];
const ROW_HEIGHT = 22;
const LABEL_WIDTH = 92;
const FIELD_SIZE = 9.5;
const LABEL_SIZE = 8.5;

function claimForm(layout: PageLayout, { content, attachments }: ClaimPages): void {
  const { doc } = layout;
  layout.text('보험금 청구서', LEFT, layout.y, { font: FONT.bold, size: 20, color: INK, width: WIDTH, align: 'center', lineBreak: false });
  layout.y += 34;
  layout.line(`${content.insurerName} 보험금 청구 담당자 귀하`, LEFT, layout.y, { font: FONT.bold, size: 11, color: INK, width: WIDTH });
  layout.y += 18;
  layout.line(
    `수신 팩스 ${formatPhone(content.insurerFax)} · 청구번호 ${content.claimReqId} · 청구일 ${formatDate(content.claimDate)}`,
    LEFT,
    layout.y,
    {
      size: 9,
      color: INK,
      width: WIDTH,
    },
  );
  layout.y += 15;
  const statement = layout.wrap(
    '담당 보험설계사가 피보험자의 요청과 동의(다음 쪽)를 받아 작성하여 전송하는 청구서입니다. 첨부 서류는 동의서 뒤에 아래 순서대로 이어집니다.',
    WIDTH,
    FONT.regular,
    9,
  );
  layout.y += layout.lines(statement, LEFT, layout.y, { size: 9, color: INK, width: WIDTH }) + 12;

  section(layout, '1. 피보험자 (청구 대상자)', [
    [
      ['성명', content.client.name],
      ['생년월일', formatDate(content.client.birthday)],
    ],
    [
      ['휴대전화', formatPhone(content.client.tel)],
      ['직업', content.client.jobName],
    ],
    [['기초생활수급자', yesNo(content.client.welfare)]],
  ]);
  section(layout, '2. 사고 내용', [
    [
      ['사고 유형', content.event.typeLabel],
      ['사고(발병) 일자', formatDate(content.event.date)],
    ],
    [['사고 장소', content.event.place ?? '-']],
    [['사고 경위', content.event.text]],
  ]);
  section(
    layout,
    '3. 보험금 받을 계좌',
    content.bank === null
      ? [[['계좌', '기재하지 않음: 보험회사에 등록된 계좌로 지급해 주십시오']], [['자동이체계좌 수령', yesNo(content.directDebitAccount)]]]
      : [
          [
            ['은행', content.bank.name],
            ['예금주', content.bank.holder],
          ],
          [['계좌번호', content.bank.account]],
          [['자동이체계좌 수령', yesNo(content.directDebitAccount)]],
        ],
  );
  section(layout, '4. 연락받을 분', [
    [
      ['구분', content.callback.whoLabel],
      ['성명', content.callback.name],
    ],
    [['연락처', formatPhone(content.callback.tel)]],
  ]);
  section(layout, '5. 담당 보험설계사', [
    [
      ['설계사', content.plannerName],
      ['소속', content.organisationName],
    ],
  ]);
  if (content.memo.trim() !== '') section(layout, '6. 전달 사항', [[['메모', content.memo]]]);

  const listed = attachments.map((item, index) =>
    item.kind === 'pdf'
      ? `${index + 1}. PDF 문서 ${item.pages}쪽`
      : `${index + 1}. 사진 (${item.mimeType === 'image/png' ? 'PNG' : 'JPEG'})`,
  );
  const filesTitle = `${content.memo.trim() === '' ? '6' : '7'}. 첨부 서류 (${attachments.length}건)`;
  section(layout, filesTitle, [[['첨부', attachments.length === 0 ? '없음' : listed.join('   ')]]]);
  doc.fillColor(INK);
}

/** A titled block of label/value rows; a row holds one field across the width or two side by side. */
function section(layout: PageLayout, title: string, rows: Field[][]): void {
  const { doc } = layout;
  const laid = rows.map((row) => {
    const valueWidth = row.length === 1 ? WIDTH - LABEL_WIDTH - 12 : WIDTH / 2 - LABEL_WIDTH - 12;
    const lines = row.map(([, value]) => value.split('\n').flatMap((part) => layout.wrap(part, valueWidth, FONT.regular, FIELD_SIZE)));
    const lineHeight = layout.lineHeight(FONT.regular, FIELD_SIZE);
    const height = Math.max(ROW_HEIGHT, Math.max(...lines.map((cell) => cell.length)) * lineHeight + 10);
    return { row, lines, height, valueWidth, lineHeight };
  });
  const labelHeight = layout.lineHeight(FONT.bold, LABEL_SIZE);
  layout.ensure(20 + (laid[0]?.height ?? 0));
  layout.text(title, LEFT, layout.y, { font: FONT.bold, size: 11, color: INK, lineBreak: false });
  layout.y += 18;
  for (const { row, lines, height, valueWidth, lineHeight } of laid) {
    if (layout.ensure(height)) {
      layout.text(`${title} (계속)`, LEFT, layout.y, { font: FONT.bold, size: 11, color: INK, lineBreak: false });
      layout.y += 18;
    }
    const top = layout.y;
    const cellWidth = WIDTH / row.length;
    row.forEach(([label], index) => {
      const x = LEFT + index * cellWidth;
      doc.rect(x, top, LABEL_WIDTH, height).fill(LABEL_FILL);
      layout.text(label, x + 6, top + (height - labelHeight) / 2 - 1, { font: FONT.bold, size: LABEL_SIZE, color: INK, lineBreak: false });
      const cell = lines[index]!;
      const offset = cell.length === 1 ? (height - lineHeight) / 2 - 1 : 5;
      layout.lines(cell, x + LABEL_WIDTH + 6, top + offset, { size: FIELD_SIZE, color: INK, width: valueWidth });
    });
    doc.lineWidth(0.6).strokeColor(RULE);
    doc.rect(LEFT, top, WIDTH, height).stroke();
    for (let index = 0; index < row.length; index++) {
      const x = LEFT + index * cellWidth;
      if (index > 0)
        doc
          .moveTo(x, top)
          .lineTo(x, top + height)
          .stroke();
      doc
        .moveTo(x + LABEL_WIDTH, top)
        .lineTo(x + LABEL_WIDTH, top + height)
        .stroke();
    }
    layout.y = top + height;
  }
  layout.y += 12;
}

// ---- consent ----

function consentPage(layout: PageLayout, { content }: ClaimPages): void {
  layout.newPage();
  layout.text('개인정보 수집·이용 및 제공 동의', LEFT, layout.y, {
    font: FONT.bold,
    size: 16,
    color: INK,
    width: WIDTH,
    align: 'center',
    lineBreak: false,
  });
  layout.y += 28;
  const intro = layout.wrap(
    `피보험자 ${content.client.name}님은 이 청구를 위하여 아래 약관에 동의하였습니다. 동의는 담당 보험설계사 ${content.plannerName}(${content.organisationName})이 ${formatDate(content.claimDate)} 청구 시 확인하였습니다.`,
    WIDTH,
    FONT.regular,
    9,
  );
  layout.y += layout.lines(intro, LEFT, layout.y, { size: 9, color: INK, width: WIDTH }) + 10;

  const size = 8.5;
  const lineHeight = layout.lineHeight(FONT.regular, size);
  content.terms.forEach((term, index) => {
    layout.ensure(18 + 3 * lineHeight);
    layout.line(`${index + 1}. ${term.title} (동의함)`, LEFT, layout.y, { font: FONT.bold, size: 10, color: INK, width: WIDTH });
    layout.y += 17;
    for (const paragraph of term.body.split('\n')) {
      if (paragraph.trim() === '') {
        layout.y += lineHeight / 2;
        continue;
      }
      // " - item" lines of the terms keep their indent on every line they wrap to.
      const indent = paragraph.startsWith(' ') ? 10 : 0;
      for (const line of layout.wrap(paragraph.trim(), WIDTH - indent, FONT.regular, size)) {
        layout.ensure(lineHeight);
        layout.lines([line], LEFT + indent, layout.y, { size, color: INK, width: WIDTH - indent });
        layout.y += lineHeight;
      }
    }
    layout.y += 12;
  });
  if (content.terms.length === 0) {
    layout.line('이 청구에 기록된 약관이 없습니다.', LEFT, layout.y, { size: 9, color: INK, width: WIDTH });
    layout.y += 16;
  }
}

// ---- attachments ----

function attachmentCaption(layout: PageLayout, caption: string): void {
  layout.line(caption, LEFT, BODY_TOP, { font: FONT.bold, size: 10, color: INK, width: WIDTH });
}
