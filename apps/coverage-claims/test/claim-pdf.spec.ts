import { PDFDocument, degrees } from '@cantoo/pdf-lib';
import { pdfPages } from '../../../test/support/pdf-text.js';
import { loadPdfFonts, type PdfFonts } from '../src/pdf/pdf-fonts.js';
import {
  ClaimAttachmentError,
  ClaimTooLongError,
  FAX_DPI,
  MAX_FAX_PAGES,
  renderClaimPdf,
  type ClaimAttachment,
  type ClaimFormContent,
} from '../src/claims/delivery/claim-pdf.js';
import { formatPhone } from '../src/pdf/pdf-format.js';
import { fixture } from './support/claim-delivery.js';
import { placedImages, solidPng } from './support/pdf-images.js';

// The claim's fax PDF taken apart with pdf-lib (pages, sizes) and pdf.js (text, page by page;
// test/support/pdf-text.ts). The pages were also looked at as images (pdftoppm; docs/decisions/claims.md, "Delivery").

const content: ClaimFormContent = {
  claimReqId: 1042,
  claimDate: '2026-11-23',
  insurerName: '삼성화재',
  insurerFax: '05051811234',
  organisationName: '청구 에셋',
  plannerName: '김설계',
  client: { name: '홍길동', birthday: '19850314', tel: '01012345678', jobName: '사무직 관리자', welfare: false },
  event: { typeLabel: '상해', date: '2026-11-02', place: '서울시 강남구 자택', text: '계단에서 넘어져 발목 골절, 깁스 치료' },
  bank: { name: 'KB국민은행', account: '123401234567', holder: '홍길동' },
  directDebitAccount: false,
  callback: { whoLabel: '고객 본인', name: '홍길동', tel: '01012345678' },
  memo: '영수증 원본은 우편으로 보냅니다.',
  terms: [
    { title: '보험금 청구를 위한 개인정보 수집·이용 동의', body: '1. 수집·이용 목적\n - 보험금 청구서의 작성과 보험회사로의 전송(팩스)' },
    { title: '민감정보(건강정보) 처리 동의', body: '1. 처리 목적\n - 보험금 청구서와 첨부 서류의 작성·보관' },
  ],
  filedAt: new Date('2026-11-23T03:04:05Z'),
};

let fonts: PdfFonts;
let attachments: ClaimAttachment[];
beforeAll(async () => {
  fonts = await loadPdfFonts();
  attachments = [
    { mimeType: 'image/jpeg', bytes: await fixture('claim-receipt-photo.jpg') },
    { mimeType: 'application/pdf', bytes: await fixture('claim-diagnosis.pdf') },
    { mimeType: 'image/png', bytes: await fixture('claim-diagnosis-scan.png') },
  ];
});

const pagesText = async (pdf: Buffer): Promise<string[]> => (await pdfPages(pdf)).map((page) => page.text);

describe('the claim fax PDF', () => {
  it('is A4 portrait throughout: form, consent, a page per image and one per page of a PDF attachment', async () => {
    const { pdf, pages } = await renderClaimPdf(content, attachments, fonts);
    const document = await PDFDocument.load(pdf);
    expect(pages).toBe(1 + 1 + 1 + 2 + 1);
    expect(document.getPageCount()).toBe(pages);
    for (const page of document.getPages()) {
      expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
      expect(page.getRotation().angle).toBe(0);
    }
  });

  it('carries the claim in Korean with the account in full, the consent texts and a caption on each attachment page', async () => {
    const { pdf } = await renderClaimPdf(content, attachments, fonts);
    const pages = await pagesText(pdf);
    expect(pages).toHaveLength(6);
    const [form, consent, ...rest] = pages;
    for (const text of [
      '보험금 청구서',
      '삼성화재 보험금 청구 담당자 귀하',
      '0505-181-1234',
      '청구번호 1042',
      '홍길동',
      '1985.03.14',
      '010-1234-5678',
    ]) {
      expect(form).toContain(text);
    }
    for (const text of [
      '사무직 관리자',
      '상해',
      '2026.11.02',
      '서울시 강남구 자택',
      '발목 골절',
      'KB국민은행',
      '123401234567',
      '김설계',
      '청구 에셋',
    ]) {
      expect(form).toContain(text);
    }
    expect(form).toMatch(/1\. 사진 \(JPEG\)\s+2\. PDF 문서 2쪽\s+3\. 사진 \(PNG\)/);
    expect(form).toMatch(/1 ?\/ ?6/);
    expect(consent).toContain('개인정보 수집·이용 및 제공 동의');
    expect(consent).toContain('보험금 청구를 위한 개인정보 수집·이용 동의 (동의함)');
    expect(consent).toContain('보험금 청구서와 첨부 서류의 작성·보관');
    expect(rest[0]).toContain('첨부 1 / 3 · 사진 (JPEG)');
    expect(rest[1]).toContain('첨부 2 / 3 · PDF 1 / 2쪽');
    expect(rest[1]).toMatch(/진 ?단 ?서/); // the attachment's own text, drawn into the page
    expect(rest[2]).toContain('첨부 2 / 3 · PDF 2 / 2쪽');
    expect(rest[3]).toContain('첨부 3 / 3 · 사진 (PNG)');
    expect(rest[3]).toMatch(/6 ?\/ ?6/);
  });

  describe('images, at most one pixel per fax dot', () => {
    /** Points an image pixel takes at the fax's resolution. */
    const dot = 72 / FAX_DPI;
    /** The frame an attachment page draws into: the body under the caption. */
    const frame = { left: 40, right: 595.28 - 40, bottom: 70, top: 841.89 - 98 };
    const imagesOf = async (...images: Buffer[]) => {
      const { pdf } = await renderClaimPdf(
        content,
        images.map((bytes) => ({ mimeType: 'image/png', bytes })),
        fonts,
      );
      return placedImages(pdf);
    };

    it('draws a 1 × 1 PNG as one dot and a 40 × 20 PNG at 40 × 20 dots, upright, never blown up to the page', async () => {
      expect(FAX_DPI).toBe(200);
      const [tiny, small] = await imagesOf(solidPng(1, 1), solidPng(40, 20, [40, 40, 40]));
      expect(tiny).toMatchObject({ page: 3, turned: false });
      expect(tiny!.width).toBeCloseTo(dot, 6);
      expect(tiny!.height).toBeCloseTo(dot, 6);
      // wider than tall, but turning it would not show it any larger
      expect(small).toMatchObject({ page: 4, turned: false });
      expect(small!.width).toBeCloseTo(40 * dot, 6);
      expect(small!.height).toBeCloseTo(20 * dot, 6);
      // centred in the frame
      expect(small!.x + small!.width / 2).toBeCloseTo(595.28 / 2, 3);
    });

    it('shrinks a scan larger than the page to fit, turning one wider than tall, and draws the fixtures at their own size', async () => {
      const [portrait, landscape] = await imagesOf(solidPng(2480, 3508, [255, 255, 255]), solidPng(3508, 2480, [255, 255, 255]));
      for (const image of [portrait!, landscape!]) {
        expect(image.x).toBeGreaterThanOrEqual(frame.left - 1e-6);
        expect(image.x + image.width).toBeLessThanOrEqual(frame.right + 1e-6);
        expect(image.y).toBeGreaterThanOrEqual(frame.bottom - 1e-6);
        expect(image.y + image.height).toBeLessThanOrEqual(frame.top + 1e-6);
        // it fills the frame one way or the other
        expect(Math.max(image.width / (frame.right - frame.left), image.height / (frame.top - frame.bottom))).toBeCloseTo(1, 6);
      }
      expect(portrait!.turned).toBe(false);
      expect(landscape).toMatchObject({ turned: true });
      expect(landscape!.height).toBeGreaterThan(landscape!.width);

      // the photo (640 × 480) and the scan (414 × 585) of the fixtures fit at one pixel a dot
      const { pdf } = await renderClaimPdf(content, attachments, fonts);
      const [photo, scan] = await placedImages(pdf);
      expect(photo).toMatchObject({ page: 3, turned: false });
      expect([photo!.width, photo!.height].map((side) => Math.round(side / dot))).toEqual([640, 480]);
      expect(scan).toMatchObject({ page: 6, turned: false });
      expect([scan!.width, scan!.height].map((side) => Math.round(side / dot))).toEqual([414, 585]);
    });
  });

  it('says so when no account is given: the insurer pays to the account it has on file', async () => {
    const { pdf } = await renderClaimPdf({ ...content, bank: null, memo: '' }, [], fonts);
    const [form] = await pagesText(pdf);
    expect(form).toContain('보험회사에 등록된 계좌로 지급해 주십시오');
    expect(form).toContain('6. 첨부 서류 (0건)');
  });

  it('opens a PDF locked only against editing (owner password) and draws a page turned by /Rotate upright', async () => {
    const source = await PDFDocument.load(attachments[1]!.bytes);
    source.getPage(0).setRotation(degrees(90));
    source.encrypt({ ownerPassword: 'owner', userPassword: '', permissions: { modifying: false } });
    const locked = Buffer.from(await source.save());
    const { pages } = await renderClaimPdf(content, [{ mimeType: 'application/pdf', bytes: locked }], fonts);
    expect(pages).toBe(4);
  });

  it.each([
    ['a PDF that needs a password to open', 'application/pdf', 'is protected by a password'],
    ['bytes that are no PDF', 'application/pdf', 'could not be read as a PDF'],
    ['bytes that are no image', 'image/jpeg', 'could not be read as a JPEG or PNG image'],
    ['a type a fax cannot carry', 'image/webp', 'cannot be faxed: only JPEG, PNG and PDF files can'],
  ])('refuses %s, naming the attachment by position and type', async (_, mimeType, problem) => {
    let bytes = Buffer.from('%PDF-1.7 broken');
    if (problem === 'is protected by a password') {
      const source = await PDFDocument.load(attachments[1]!.bytes);
      source.encrypt({ ownerPassword: 'owner', userPassword: 'secret' });
      bytes = Buffer.from(await source.save());
    }
    const rendering = renderClaimPdf(content, [attachments[0]!, { mimeType, bytes }], fonts);
    await expect(rendering).rejects.toThrow(ClaimAttachmentError);
    await expect(rendering).rejects.toThrow(`Attachment 2 (${mimeType}) ${problem}`);
  });

  it(`refuses a fax of more than ${MAX_FAX_PAGES} pages`, async () => {
    const big = await PDFDocument.create();
    for (let page = 0; page < MAX_FAX_PAGES; page++) big.addPage([595.28, 841.89]);
    const bytes = Buffer.from(await big.save());
    await expect(renderClaimPdf(content, [{ mimeType: 'application/pdf', bytes }], fonts)).rejects.toThrow(ClaimTooLongError);
  });

  it.each([
    ['01012345678', '010-1234-5678'],
    ['0212345678', '02-1234-5678'],
    ['021234567', '02-123-4567'],
    ['0311234567', '031-123-4567'],
    ['05051811234', '0505-181-1234'],
    ['07012345678', '070-1234-5678'],
    ['15881234', '1588-1234'],
  ])('writes %s as %s', (digits, written) => {
    expect(formatPhone(digits)).toBe(written);
  });
});
