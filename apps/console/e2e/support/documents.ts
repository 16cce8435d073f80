import type { Browser } from 'playwright-core';

/**
 * Real files a partner sends as evidence, made by the test's own browser: a PNG (a 240 × 320 photo
 * of a call log: a blue band and grey lines) and a one-page PDF of the same page.
 */
export async function evidenceFiles(browser: Browser): Promise<{ png: Buffer; pdf: Buffer }> {
  const page = await browser.newPage({ viewport: { width: 240, height: 320 } });
  try {
    const lines = Array.from(
      { length: 10 },
      (_, index) => `<div style="height:4px;margin:20px 20px 0;width:${160 - index * 9}px;background:#787878"></div>`,
    );
    await page.setContent(
      `<body style="margin:0;background:#fff"><div style="height:40px;background:#228be6"></div>${lines.join('')}</body>`,
    );
    const png = await page.screenshot({ type: 'png' });
    const pdf = await page.pdf({ width: '240px', height: '320px', printBackground: true });
    return { png, pdf };
  } finally {
    await page.close();
  }
}
